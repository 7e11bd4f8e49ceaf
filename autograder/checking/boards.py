"""Boards as students see them, and which inputs are the simplest to show."""
from __future__ import annotations

from typing import Any, Iterable

PIECES = frozenset('BW.')


def is_board(value: Any) -> bool:
    return type(value) is str and len(value) == 9 and set(value) <= PIECES


def draw(board: str) -> list[str]:
    """The board as three rows, squares spaced out so the columns line up."""
    return [' '.join(board[row:row + 3]) for row in range(0, 9, 3)]


def pawns(board: str) -> int:
    return len(board) - board.count('.')


def simplest_first(boards: Iterable[str]) -> list[str]:
    """Fewer pawns first, then a fixed order, so that the first failure is the simplest."""
    # by pawns alone, of boards put in order first (a stable sort keeps that order among
    # equals): the same as by (pawns, board), at a third of the cost on the 3^9 boards,
    # which every process of a run sorts as it starts
    return sorted(sorted(boards), key=pawns)


def first_difference(expected: Any, got: Any) -> int | None:
    """Where two boards (or other strings of 9) first differ; None when that would not
    help, as for 'W' against ''."""
    if type(expected) is not str or type(got) is not str or len(expected) != 9:
        return None
    for index, (a, b) in enumerate(zip(expected, got)):
        if a != b:
            return index
    return None if len(expected) == len(got) else min(len(expected), len(got))
