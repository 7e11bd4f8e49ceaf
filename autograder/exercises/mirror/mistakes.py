"""mirror's known mistakes: each a misconception, recognised by what a function does
on every board, and the sentence a teacher would say to it."""
from __future__ import annotations

from typing import Any

from autograder.checking.probe import Probe
from autograder.diagnosis.mistakes import Mistake, behaves_like
from autograder.exercises.mirror.domain import EVERY_BOARD, EXAMPLE


def _rows(board: str) -> list[str]:
    return [board[0:3], board[3:6], board[6:9]]


def _model(fn: Any) -> Any:
    # on every board: a mistake is named only where the function really does just that
    return behaves_like(fn, EVERY_BOARD)


_gives_none = _model(lambda b: None)


def _printed_only(probe: Probe) -> bool:
    """None on every board, and something printed: the answer went to the screen (a
    function that gives back None and prints nothing has no return at all)."""
    if not _gives_none(probe):
        return False
    _, printed = probe.asked_again([(EXAMPLE,)])
    return bool(printed)


CATALOGUE = (
    Mistake('unchanged board',
            'mirror gives the board back as it was: each row still has to be turned round.',
            _model(lambda b: b)),
    Mistake('whole string reversed',
            'You reversed the whole string, which also turns the board upside down: '
            'reverse each row of three on its own.',
            _model(lambda b: b[::-1])),
    Mistake('rows swapped',
            'You swapped the top and bottom rows, a mirror laid along the middle row. '
            'Keep each row where it is and reverse the squares inside it.',
            _model(lambda b: b[6:9] + b[3:6] + b[0:3])),
    Mistake('list returned',
            'mirror gives back a list; turn it into one string with "".join(...).',
            _model(lambda b: list(b[2::-1] + b[5:2:-1] + b[8:5:-1]))),
    Mistake('rows returned as a list',
            'mirror gives back a list of rows; join them into one string of 9 characters.',
            _model(lambda b: [row[::-1] for row in _rows(b)])),
    Mistake('printed instead of returned',
            'mirror prints its answer and gives back None: use return instead of print.',
            _printed_only),
    Mistake('middle row forgotten',
            'The top and bottom rows are right, but the middle row (squares 3-5) was '
            'left as it was.',
            _model(lambda b: b[2::-1] + b[3:6] + b[8:5:-1])),
    Mistake('only the top row',
            'Only the top row is turned round: do the same for squares 3-5 and 6-8.',
            _model(lambda b: b[2::-1] + b[3:9])),
    Mistake('slices one short',
            'Your slices stop one square too early: board[2:0:-1] leaves out square 0. '
            'Leave out the stop, as in board[2::-1]. A stop of -1 would not do: -1 means '
            'the last square, so board[2:-1:-1] is empty.',
            _model(lambda b: b[2:0:-1] + b[5:3:-1] + b[8:6:-1])),
    Mistake('rows and columns swapped',
            'You turned rows into columns, a mirror along the diagonal. A mirror at the side '
            'keeps every row in place and reads it back to front.',
            _model(lambda b: b[0::3] + b[1::3] + b[2::3])),
)
