"""For winner: two positions a square or two apart, where the function is right on one
and wrong on the other: what a function that no words describe does, shown on the
smallest change that makes it go wrong. The right answers are not given (a teacher may hide expected
values): the student works the wrong one out by hand, beside the right one.
"""
from __future__ import annotations

from typing import Sequence

from autograder.diagnosis.description import Description
from autograder.diagnosis.wording import HOLDS

LOOKED_AT = 400  # wrong positions tried, simplest first


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
