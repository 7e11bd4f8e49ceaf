"""Notebooks and one-file hand-ins written the way students write them, built from
the model answers (or with one exercise's answer swapped for a mistake).

Each habit is a function from the three answers to a list of cells, `('md', text)`
or `('code', text)`, in the order a student would leave them. The lesson's own
layout keeps the ★★★ stub's helpers (its own `mirror` among them) beside
count_boxes, as the page gives them.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from autograder.kit.paths import KIT, SOLUTIONS

Cells = list[tuple[str, str]]
Answers = dict[str, str]

# the exercises each habit below is written around, cell by cell
ANSWERS: Answers = {name: (SOLUTIONS / f'{name}.py').read_text(encoding='utf-8')
                    for name in ('mirror', 'winner', 'count_boxes')}
HELPERS_AND_COUNT = ANSWERS['count_boxes']  # the model keeps the stub's own helpers
PLANTED = {  # a mistake per exercise, as a student would write it
    'mirror': 'def mirror(board):\n    return board[::-1]\n',
    'winner': ("from hexapawn import moves\n\n\ndef winner(board, side):\n"
               "    if 'W' in board[0:3]:\n        return 'W'\n"
               "    if 'B' in board[6:9]:\n        return 'B'\n    return ''\n"),
    'count_boxes': HELPERS_AND_COUNT.replace('return [len(boxes), beads]',
                                             'return [beads, len(boxes)]'),
}


def lesson_layout(a: Answers) -> Cells:
    """The page's order: each star's heading, its answer, the line that tries it."""
    return [
        ('md', '# Hexapawn: the starred exercises'),
        ('md', '## \u2605 The mirror'),
        ('code', a['mirror']),
        ('code', "print(mirror('BB..W.W.W'))"),
        ('md', '## \u2605\u2605 Who has won?'),
        ('code', a['winner']),
        ('code', "print(winner('.B..WW...', 'B') == '')\nprint(winner('W..BB...W', 'B'))"),
        ('md', '## \u2605\u2605\u2605 How many boxes?'),
        ('code', a['count_boxes']),
        ('code', 'print(count_boxes(True))\nprint(count_boxes(False))'),
    ]


def experiments(a: Answers) -> Cells:
    """No headings; calls and prints between the answers, using earlier answers."""
    return [
        ('code', 'from hexapawn import START, moves, play'),
        ('code', a['mirror']),
        ('code', a['winner']),
        ('code', "print(mirror('BB..W.W.W'))\nfor board in [START, mirror(START)]:\n"
                 "    print(board, winner(board, 'W'))"),
        ('code', a['count_boxes']),
        ('code', 'boxes, beads = count_boxes(True)\nprint(boxes, beads)'),
    ]


def magics(a: Answers) -> Cells:
    return [
        ('code', '%load_ext autoreload\n%autoreload 2\n!ls\nimport random'),
        ('code', a['mirror']),
        ('code', "%timeit mirror('BBB...WWW')\nmirror?"),
        ('code', '%%time\n' + a['winner']),
        ('code', "%%bash\necho this is not python\nls -l | wc"),
        ('code', a['count_boxes']),
        ('code', "files = !ls\n%time count_boxes(True)"),
    ]


def helper_cells(a: Answers) -> Cells:
    """A helper of mirror in a cell of its own, above it; winner's import apart."""
    return [
        ('md', '## mirror'),
        ('code', 'def row(board, i):\n    return board[3 * i:3 * i + 3]'),
        ('code', "ROWS = (0, 1, 2)\n\n\ndef mirror(board):\n"
                 "    return ''.join(row(board, i)[::-1] for i in ROWS)"
                 if a['mirror'] == ANSWERS['mirror'] else a['mirror']),
        ('md', '## winner'),
        ('code', 'from hexapawn import moves'),
        ('code', a['winner'].replace('from hexapawn import moves\n', '')),
        ('md', '## count_boxes'),
        ('code', a['count_boxes']),
    ]


def redefinition(a: Answers) -> Cells:
    """A first try in one cell, the answer in a later cell of the same section."""
    return [
        ('code', 'def mirror(board):\n    return board[::-1]  # first try'),
        ('code', "print(mirror('BB..W.W.W'))"),
        ('code', a['mirror']),
        ('code', "def winner(board, side):\n    return ''"),
        ('code', a['winner']),
        ('code', 'def count_boxes(use_mirror):\n    return [0, 0]'),
        ('code', a['count_boxes']),
    ]


def loop_in_winner(a: Answers) -> Cells:
    """An experiment that never ends, below winner's answer: the loading stops there,
    and winner is graded as the cells above defined it."""
    return [
        ('code', a['mirror']),
        ('code', a['winner']),
        ('code', "board = 'BBB...WWW'\nwhile winner(board, 'W') == '':\n    pass"),
        ('code', a['count_boxes']),
    ]


def failing_experiments(a: Answers) -> Cells:
    """Cells that fail in Jupyter too, beside the answers: a name not defined yet, a
    bracket left open, sys.exit(). Jupyter runs the next cell all the same."""
    return [
        ('code', a['mirror']),
        ('code', 'print(mirror(board))'),
        ('code', a['winner']),
        ('code', "print(winner('BBB...WWW', 'W')"),
        ('code', a['count_boxes']),
        ('code', 'import sys\nsys.exit()'),
    ]


def _without_game_imports(text: str) -> str:
    """An answer with its `from hexapawn import ...` lines taken out: a notebook that
    ran the game file into its names needs none."""
    return '\n'.join(line for line in text.split('\n')
                     if not line.startswith('from hexapawn import'))


def run_game_file(a: Answers) -> Cells:
    """`%run hexapawn.py` first, as a teacher's notebook often starts: the game's rules
    are then the notebook's own names, and no answer imports them, nor keeps the
    stub's own copies of them."""
    boxes = a['count_boxes']
    boxes = boxes[:boxes.index('def moves(')] + boxes[boxes.index('def count_boxes('):]
    return [
        ('code', '%run hexapawn.py'),
        ('md', '## \u2605 The mirror'),
        ('code', _without_game_imports(a['mirror'])),
        ('md', '## \u2605\u2605 Who has won?'),
        ('code', _without_game_imports(a['winner'])),
        ('md', '## \u2605\u2605\u2605 How many boxes?'),
        ('code', _without_game_imports(boxes)),
    ]


def written_file(a: Answers) -> Cells:
    """A helper written to a file with `%%writefile`, then imported by a later cell."""
    return [
        ('code', "%%writefile board_tools.py\ndef rows(board):\n"
                 "    return [board[0:3], board[3:6], board[6:9]]\n"),
        ('md', '## \u2605 The mirror'),
        ('code', 'import board_tools'),
        ('code', "def mirror(board):\n    return ''.join(row[::-1] for row in "
                 "board_tools.rows(board))" if a['mirror'] == ANSWERS['mirror']
         else a['mirror']),
        ('md', '## \u2605\u2605 Who has won?'),
        ('code', a['winner']),
        ('md', '## \u2605\u2605\u2605 How many boxes?'),
        ('code', a['count_boxes']),
    ]


def defined_in_an_if(a: Answers) -> Cells:
    """mirror written two ways, one chosen by an `if`; count_boxes, without the stub's
    own mirror, uses the student's (defined in the if block of another section)."""
    own = a['count_boxes']
    start, end = own.index('def mirror(board):'), own.index('def count_boxes(use_mirror):')
    return [
        ('md', '## \u2605 The mirror'),
        ('code', 'USE_SLICES = True'),
        ('code', 'if USE_SLICES:\n' + '\n'.join('    ' + line if line else line
                                                 for line in a['mirror'].split('\n')) +
         '\nelse:\n    def mirror(board):\n        return board\n'),
        ('md', '## \u2605\u2605 Who has won?'),
        ('code', a['winner']),
        ('md', '## \u2605\u2605\u2605 How many boxes?'),
        ('code', own[:start] + own[end:]),
    ]


def typed_dataclass(a: Answers) -> Cells:
    """count_boxes' positions kept in a dataclass, annotations postponed: what looks
    the class's module up in sys.modules as it is made."""
    return [
        ('code', a['mirror']),
        ('code', a['winner']),
        ('code', a['count_boxes']),
        ('code', DATACLASS),
    ]


# a class of the student's own, annotations postponed: making it looks its module up
DATACLASS = ('from __future__ import annotations\n\nimport typing\n'
             'from dataclasses import dataclass\n\n\n@dataclass(frozen=True)\n'
             'class Position:\n    board: str\n    side: str\n'
             '    made: typing.ClassVar[int] = 0\n')


def input_at_the_end(a: Answers) -> Cells:
    """The answers, and below each one a line that asks for a board to try by hand."""
    return [
        ('code', a['mirror']),
        ('code', "board = input('a board? ')\nprint(mirror(board))"),
        ('code', a['winner']),
        ('code', a['count_boxes']),
    ]


HABITS: dict[str, Callable[[Answers], Cells]] = {
    'lesson layout': lesson_layout,
    'experiments': experiments,
    'magics': magics,
    'helper cells': helper_cells,
    'redefinition': redefinition,
    'loop in winner': loop_in_winner,
    'failing experiments': failing_experiments,
    'run game file': run_game_file,
    'written file': written_file,
    'defined in an if': defined_in_an_if,
    'typed dataclass': typed_dataclass,
    'input at the end': input_at_the_end,
}
# habits that cost an exercise by themselves: none, since cells run as in Jupyter
SUNK: dict[str, str] = {}
# habits where one answer uses another: a mistake planted in the one costs both
USES: dict[str, dict[str, str]] = {'defined in an if': {'mirror': 'count_boxes'},
                                  'run game file': {'mirror': 'count_boxes'}}


def notebook(cells: Cells, outputs_kb: int = 0) -> str:
    """The cells as an nbformat 4 notebook; `outputs_kb` of stored output on the last
    code cell, as a student who printed a lot and saved leaves it."""
    made: list[dict[str, Any]] = []
    for number, (kind, text) in enumerate(cells):
        cell: dict[str, Any] = {'cell_type': 'markdown' if kind == 'md' else 'code',
                                'id': f'c{number}', 'metadata': {},
                                'source': text.splitlines(keepends=True)}
        if kind == 'code':
            cell.update(execution_count=number, outputs=[])
        made.append(cell)
    if outputs_kb:
        last = next(c for c in reversed(made) if c['cell_type'] == 'code')
        last['outputs'] = [{'output_type': 'stream', 'name': 'stdout',
                            'text': ['x' * 1023 + '\n'] * outputs_kb}]
    return json.dumps({'cells': made, 'metadata': {}, 'nbformat': 4, 'nbformat_minor': 5},
                      indent=1)


def old_notebook(cells: Cells) -> str:
    """The cells as an nbformat 3 notebook (worksheets, `input`, heading cells), as
    older Jupyter saved them and today's still opens."""
    made: list[dict[str, Any]] = []
    for number, (kind, text) in enumerate(cells):
        if kind == 'md' and text.startswith('#'):
            level = len(text) - len(text.lstrip('#'))
            made.append({'cell_type': 'heading', 'level': level, 'metadata': {},
                         'source': [text.lstrip('# ')]})
        elif kind == 'md':
            made.append({'cell_type': 'markdown', 'metadata': {},
                         'source': text.splitlines(keepends=True)})
        else:
            made.append({'cell_type': 'code', 'collapsed': False, 'language': 'python',
                         'metadata': {}, 'input': text.splitlines(keepends=True),
                         'outputs': [], 'prompt_number': number})
    return json.dumps({'metadata': {'name': ''}, 'nbformat': 3, 'nbformat_minor': 0,
                       'worksheets': [{'cells': made, 'metadata': {}}]}, indent=1)


def one_file(cells: Cells, headings: bool = True) -> str:
    """The cells as one `.py` file: headings as comments, or left out."""
    parts = []
    for kind, text in cells:
        if kind == 'md':
            if headings:
                parts.append('# ' + text.lstrip('# '))
        elif not text.lstrip().startswith(('%', '!')):
            parts.append(text)
    return '\n\n\n'.join(parts) + '\n'


def kit_stubs() -> Answers:
    return {name: (KIT / f'{name}.py').read_text(encoding='utf-8') for name in ANSWERS}
