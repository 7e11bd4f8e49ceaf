"""The rules of hexapawn on a 3x3 board, as the lesson states them.

A board is a 9-character string of 'B', 'W' and '.', squares 0-8 row by row from
the top. White starts on the bottom row and moves up; Black moves down.
"""
from __future__ import annotations

from typing import Callable

Move = tuple[int, int]
MoveMaker = Callable[[str, str], list[Move]]

START = 'BBB...WWW'
SIDES = ('W', 'B')


def other(side: str) -> str:
    """The opponent of `side`."""
    return 'B' if side == 'W' else 'W'


def moves(board: str, side: str) -> list[Move]:
    """Every legal move of `side`, in the order the lesson's code finds them."""
    found: list[Move] = []
    step = -3 if side == 'W' else 3
    enemy = other(side)
    for sq in range(9):
        to = sq + step
        if board[sq] != side or not 0 <= to <= 8:
            continue
        if board[to] == '.':
            found.append((sq, to))
        if sq % 3 > 0 and board[to - 1] == enemy:
            found.append((sq, to - 1))
        if sq % 3 < 2 and board[to + 1] == enemy:
            found.append((sq, to + 1))
    return found


def play(board: str, move: Move) -> str:
    """The board after `move`; whatever stood on the target square is taken."""
    a, b = move
    squares = list(board)
    squares[b] = squares[a]
    squares[a] = '.'
    return ''.join(squares)


def has_lost(board: str, side: str, moves_fn: MoveMaker = moves) -> bool:
    """Whether `side`, about to move, has lost: an enemy pawn reached its home row,
    or it has no move left (which covers having no pawns at all). `moves_fn` lets a
    variant of the rules say which moves there are."""
    home = board[6:9] if side == 'W' else board[0:3]
    return other(side) in home or not moves_fn(board, side)


def mirror(board: str) -> str:
    """The board seen in a mirror: each row of three read back to front."""
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]


def show(board: str) -> None:
    """Print the board as three rows."""
    for row in range(0, 9, 3):
        print(board[row:row + 3])
