"""Boards as students see them, and which inputs are the simplest to show."""
from __future__ import annotations

from typing import Any

PIECES = frozenset('BW.')


def is_board(value: Any) -> bool:
    return type(value) is str and len(value) == 9 and set(value) <= PIECES


def draw(board: str) -> list[str]:
    """The board as three rows, squares spaced out so the columns line up."""
    return [' '.join(board[row:row + 3]) for row in range(0, 9, 3)]


def pawns(board: str) -> int:
    return len(board) - board.count('.')


def simplicity(board: str) -> tuple[int, str]:
    """Sort key: fewer pawns first, then a fixed order, so the first failure is simplest."""
    return pawns(board), board


def first_difference(expected: Any, got: Any) -> int | None:
    """Where two boards (or other strings of 9) first differ; None when that would not
    help, as for 'W' against ''."""
    if type(expected) is not str or type(got) is not str or len(expected) != 9:
        return None
    for index, (a, b) in enumerate(zip(expected, got)):
        if a != b:
            return index
    return None if len(expected) == len(got) else min(len(expected), len(got))
