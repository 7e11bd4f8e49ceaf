"""mirror's checks, in the order a student meets them, and the properties some of them
try with Hypothesis' inputs."""
from __future__ import annotations

from typing import Any

from hexapawn_ref import mirror as reference

from autograder.checking.checks import CheckList, agree, require_type, same_answers, silent
from autograder.checking.failures import Failure, Mismatch
from autograder.checking.probe import Probe
from autograder.checking.properties import Property, check_property
from autograder.exercises.mirror.domain import EVERY_BOARD, EXAMPLE, mirrored

CHECKS = CheckList()


@CHECKS.add(weight=0, nudge='Give back the mirrored board as a string of 9 characters.')
def returns_board(probe: Probe) -> None:
    """mirror returns a string of 9 characters"""
    call = probe.call_of((EXAMPLE,))
    got = require_type(call, probe.value(EXAMPLE), str)
    if len(got) != 9:
        raise Failure(f'{call} returned {got!r}, which has {len(got)} characters, not 9', call)


@CHECKS.add(weight=1, needs=[returns_board],
            nudge="Take the rows one at a time: squares 0-2, 3-5 and 6-8.")
def lesson_example(probe: Probe) -> None:
    """mirror gives the lesson's example right"""
    agree(probe, [(EXAMPLE,)], [reference(EXAMPLE)], str, 'the example from the exercise')


@CHECKS.add(weight=4, needs=[returns_board],
            nudge='Each row stays where it is; only the order of its three squares turns round.')
def reverses_each_row(probe: Probe) -> None:
    """mirror reverses each row of every board (all 3^9 of them)"""
    agree(probe, EVERY_BOARD, mirrored(), str, 'a row came out wrong')



def _boards_of_pieces() -> Any:
    from hypothesis import strategies as st
    return st.text(alphabet='.BW', min_size=9, max_size=9)


def _any_nine_characters() -> Any:
    from hypothesis import strategies as st
    return st.text(min_size=9, max_size=9)


TWICE = Property('mirror.own_inverse', _boards_of_pieces, explicit=('BBB...WWW',))
ANYTHING = Property('mirror.any_characters', _any_nine_characters, explicit=('abcdefghi',),
                    prefetch=lambda board: [(board,)])


@CHECKS.add(weight=1, needs=[reverses_each_row],
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


@CHECKS.add(weight=0, needs=[reverses_each_row], advisory=True,
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


@CHECKS.add(weight=1, needs=[reverses_each_row],
            nudge='Compute the answer from the board alone, with nothing kept between calls.')
def same_every_time(probe: Probe) -> None:
    """mirror gives the same answer every time it is asked"""
    same_answers(probe, [(EXAMPLE,), ('BBB...WWW',), (EXAMPLE,), ('.B.W..W.W',), (EXAMPLE,)])


@CHECKS.add(weight=0, needs=[reverses_each_row], advisory=True,
            nudge='Printing costs no points here, but a function that only gives its '
                  'answer back is easier to use again: take the print() calls out of '
                  'mirror when you no longer need them.')
def prints_nothing(probe: Probe) -> None:
    """mirror prints nothing: it gives its answer back with return"""
    silent(probe, (EXAMPLE,))
