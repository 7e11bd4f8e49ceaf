"""★ mirror(board): the board seen in a mirror, each row of three back to front."""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from hexapawn_ref import mirror as reference

from autograder.checking.boards import simplest_first
from autograder.checking.checks import CheckList, agree, require_type, same_answers, silent
from autograder.checking.failures import Failure, Mismatch
from autograder.checking.probe import Probe
from autograder.checking.properties import Property, check_property
from autograder.diagnosis.mistakes import Mistake, behaves_like
from autograder.exercises.spec import Exercise

EXAMPLE = 'BB..W.W.W'
ALL_BOARDS = simplest_first(''.join(squares) for squares in product('.BW', repeat=9))
EVERY_BOARD = [(board,) for board in ALL_BOARDS]
SAMPLE = [(board,) for board in ALL_BOARDS[:400]]  # enough to tell mistakes apart

checks = CheckList()


@checks.add(weight=0, nudge='Give back the mirrored board as a string of 9 characters.')
def returns_board(probe: Probe) -> None:
    """mirror returns a string of 9 characters"""
    call = probe.call_of((EXAMPLE,))
    got = require_type(call, probe.value(EXAMPLE), str)
    if len(got) != 9:
        raise Failure(f'{call} returned {got!r}, which has {len(got)} characters, not 9', call)


@checks.add(weight=1, needs=[returns_board],
            nudge="Take the rows one at a time: squares 0-2, 3-5 and 6-8.")
def lesson_example(probe: Probe) -> None:
    """mirror gives the lesson's example right"""
    agree(probe, [(EXAMPLE,)], [reference(EXAMPLE)], str, 'the example from the exercise')


@checks.add(weight=4, needs=[returns_board],
            nudge='Each row stays where it is; only the order of its three squares turns round.')
def reverses_each_row(probe: Probe) -> None:
    """mirror reverses each row of every board (all 3^9 of them)"""
    agree(probe, EVERY_BOARD, mirrored(), str, 'a row came out wrong')


@lru_cache(maxsize=None)
def mirrored() -> tuple[str, ...]:
    """Every board's mirror image, in the order of ALL_BOARDS: worked out once."""
    return tuple(reference(board) for board in ALL_BOARDS)


def _boards_of_pieces() -> Any:
    from hypothesis import strategies as st
    return st.text(alphabet='.BW', min_size=9, max_size=9)


def _any_nine_characters() -> Any:
    from hypothesis import strategies as st
    return st.text(min_size=9, max_size=9)


TWICE = Property('mirror.own_inverse', _boards_of_pieces, explicit=('BBB...WWW',))
ANYTHING = Property('mirror.any_characters', _any_nine_characters, explicit=('abcdefghi',),
                    prefetch=lambda board: [(board,)])


@checks.add(weight=1, needs=[reverses_each_row],
            nudge='Mirroring the mirror image must give back the board you started with.')
def own_inverse(probe: Probe) -> None:
    """mirroring a board twice gives the board back"""
    def twice(board: str) -> None:
        once = probe.value(board)
        require_type(probe.call_of((board,)), once, str)
        back = probe.value(once)
        if back != board:
            raise Mismatch(probe.call_of((once,)), board, back,
                           f'mirror(mirror({board!r})) is not {board!r}')
    check_property(TWICE, twice, probe)


@checks.add(weight=0, needs=[reverses_each_row], advisory=True,
            nudge="Your mirror is right on every board of the lesson; it need not work on "
                  "other letters, but one that moves the squares whatever they hold is "
                  "simpler: it does not look at what the squares hold.")
def any_characters(probe: Probe) -> None:
    """mirror works on any 9 characters, not only 'B', 'W' and '.'"""
    def anything(board: str) -> None:
        got = probe.value(board)
        call = probe.call_of((board,))
        require_type(call, got, str)
        if got != reference(board):
            raise Mismatch(call, reference(board), got)
    check_property(ANYTHING, anything, probe)


@checks.add(weight=1, needs=[reverses_each_row],
            nudge='Compute the answer from the board alone, with nothing kept between calls.')
def same_every_time(probe: Probe) -> None:
    """mirror gives the same answer every time it is asked"""
    same_answers(probe, [(EXAMPLE,), ('BBB...WWW',), (EXAMPLE,), ('.B.W..W.W',), (EXAMPLE,)])


@checks.add(weight=0, needs=[reverses_each_row], advisory=True,
            nudge='Printing costs no points here, but a function that only gives its '
                  'answer back is easier to use again: take the print() calls out of '
                  'mirror when you no longer need them.')
def prints_nothing(probe: Probe) -> None:
    """mirror prints nothing: it gives its answer back with return"""
    silent(probe, (EXAMPLE,))


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

EXERCISE: Exercise = Exercise(
    'mirror', ('board',), 3.0, tuple(checks.checks), CATALOGUE,
    properties=(TWICE, ANYTHING),
    tries="print(mirror('BB..W.W.W'))",
    titles=('mirror',))
