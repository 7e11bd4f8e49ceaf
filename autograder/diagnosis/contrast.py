"""Two inputs a small change apart, where the function is right on one and wrong on the
other: what a function that no words describe does, shown on the smallest change that
makes it go wrong. The right answers are not given (a teacher may hide expected
values): the student works the wrong one out by hand, beside the right one.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from autograder.diagnosis.description import Description
from autograder.exercises.mirror.exercise import ALL_BOARDS

LOOKED_AT = 400  # wrong boards tried, simplest first: the pair is shown, so kept small
HOLDS = {'.': 'no pawn', 'B': 'a B', 'W': 'a W'}


@lru_cache(maxsize=None)
def _where() -> dict[str, int]:
    """Each board's place in the domain (a constant of the exercise)."""
    return {board: i for i, board in enumerate(ALL_BOARDS)}


def contrast(texts: Sequence[object], wrong: int) -> Description | None:
    """A right board and a wrong one that differ in one square, the simplest such pair
    first, with the function's answer on each; None when no such pair is found."""
    where = _where()
    looked = 0
    at = wrong
    while at and looked < LOOKED_AT:
        i = (at & -at).bit_length() - 1
        at &= at - 1
        looked += 1
        board = ALL_BOARDS[i]
        for square in range(9):
            for letter in '.BW':
                if letter == board[square]:
                    continue
                near = board[:square] + letter + board[square + 1:]
                if not wrong >> where[near] & 1:
                    text = (f"mirror('{near}') is right, but with {HOLDS[board[square]]} on "
                            f"square {square} it goes wrong: mirror('{board}') gives "
                            f"{texts[i]!r}. It is wrong on "
                            f"{wrong.bit_count()} of the {len(ALL_BOARDS)} boards.")
                    return Description(text, wrong, wrong, len(ALL_BOARDS))
    return None


def position_contrast(positions: Sequence[tuple[str, str]], shown: Sequence[str],
                      wrong: int) -> Description | None:
    """For winner: a position it gets right and one it gets wrong, the same player to
    move and as few squares apart as any such pair (two at most), with what it gave;
    `shown` is what it did on each position, as words."""
    best: tuple[int, int, int] | None = None
    right = [i for i in range(len(positions)) if not wrong >> i & 1]
    at, looked = wrong, 0
    while at and looked < LOOKED_AT:
        i = (at & -at).bit_length() - 1
        at &= at - 1
        looked += 1
        board, side = positions[i]
        for j in right:
            other, other_side = positions[j]
            if other_side == side:
                apart = sum(a != b for a, b in zip(board, other))
                if apart <= 2 and (best is None or apart < best[0]):
                    best = (apart, i, j)
    if best is None:
        return None
    apart, i, j = best
    (board, side), (near, _) = positions[i], positions[j]
    changes = ' and '.join(f'{HOLDS[board[k]]} on square {k}' for k in range(9)
                           if board[k] != near[k])
    text = (f"winner('{near}', '{side}') is right, but with {changes} it goes wrong: "
            f"winner('{board}', '{side}') {shown[i]}. It is wrong on "
            f"{wrong.bit_count()} of the {len(positions)} positions.")
    return Description(text, wrong, wrong, len(positions))
