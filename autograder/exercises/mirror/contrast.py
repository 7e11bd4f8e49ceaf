"""For mirror: two boards a square apart, where the function is right on one and wrong
on the other: what a function that no words describe does, shown on the smallest change that
makes it go wrong. The right answers are not given (a teacher may hide expected
values): the student works the wrong one out by hand, beside the right one.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from autograder.diagnosis.description import Description
from autograder.diagnosis.wording import HOLDS
from autograder.exercises.mirror.domain import ALL_BOARDS

LOOKED_AT = 400  # wrong boards tried, simplest first: the pair is shown, so kept small


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
