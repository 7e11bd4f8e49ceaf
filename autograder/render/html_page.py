"""What every HTML page of a batch shares: the page shell, its style, a board grid.

Pages are single static files: the style is inline and nothing is fetched, so
they open the same from a USB stick as from a web server.
"""
from __future__ import annotations

import re
from html import escape

BOARD_REPR = re.compile(r"^'([BW.]{9})'$")

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem;
       padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; }
table.data { border-collapse: collapse; margin: .5rem 0; }
table.data th, table.data td { border-bottom: 1px solid #ddd; padding: .25rem .6rem;
       text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.passed { color: #17663a; } .failed { color: #a4161a; } .skipped { color: #8a6d00; }
.check { margin: .6rem 0; padding: .5rem .8rem; border-left: 4px solid #ccc; }
.check.passed { border-color: #2b9348; } .check.failed { border-color: #d00000; }
.check.skipped { border-color: #e0a800; }
.verdict { font-weight: 600; display: inline-block; min-width: 4.5rem; }
code, pre { font: 13px/1.4 ui-monospace, monospace; background: #f4f4f6; padding: 0 .25rem; }
.boards { display: flex; gap: 1.5rem; align-items: flex-start; margin: .4rem 0; }
.boards figure { margin: 0; } .boards figcaption { font-size: .85rem; color: #555; }
table.board { border-collapse: collapse; }
table.board td { width: 28px; height: 28px; padding: 0; border: 1px solid #777;
       text-align: center; background: #f0d9b5; }
table.board tr:nth-child(odd) td:nth-child(even), table.board tr:nth-child(even)
       td:nth-child(odd) { background: #b58863; }
.pawn { display: inline-block; width: 18px; height: 18px; border-radius: 50%;
        vertical-align: middle; border: 2px solid #222; }
.pawn.W { background: #fff; } .pawn.B { background: #222; }
.hint { background: #fff8e1; padding: .3rem .5rem; }
.grader-error { background: #fde8e8; border-left: 4px solid #d00000; padding: .5rem .8rem; }
.bar { fill: #3a6ea5; } .axis { stroke: #444; } .label { font-size: 12px; fill: #333; }
.rate { background: #e3e3e8; width: 10rem; height: .8rem; display: inline-block; }
td.rate-cell { white-space: nowrap; }
.rate span { background: #2b9348; height: 100%; display: inline-block; vertical-align: top; }
footer { margin-top: 3rem; font-size: .85rem; color: #555; }
"""


def page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n'
            f'<body>\n{body}\n</body>\n</html>\n')


def board_grid(board: str, caption: str) -> str:
    """A board as a 3 x 3 table, a pawn drawn as a disc: white 'W', black 'B'."""
    rows = []
    for start in range(0, 9, 3):
        cells = ''.join(_cell(square) for square in board[start:start + 3])
        rows.append(f'<tr>{cells}</tr>')
    return (f'<figure><table class="board" aria-label="{escape(caption)}: {escape(board)}">'
            f'{"".join(rows)}</table><figcaption>{escape(caption)}</figcaption></figure>')


def board_of(shown: str | None) -> str | None:
    """The board inside a value shown as `'BBB...WWW'`, when it is one."""
    match = BOARD_REPR.match(shown or '')
    return match.group(1) if match else None


def _cell(square: str) -> str:
    if square in 'BW':
        colour = 'white' if square == 'W' else 'black'
        return f'<td><span class="pawn {square}" title="{colour} pawn"></span></td>'
    return '<td></td>'


def points(value: float) -> str:
    return f'{value:g}'
