"""count_boxes' checks, in the order a student meets them."""
from __future__ import annotations

from autograder.calls.values import type_name
from autograder.checking.checks import CheckList, article, same_answers, silent
from autograder.checking.failures import Failure, Mismatch
from autograder.checking.probe import Probe
from autograder.exercises.count_boxes.answers import (SLOW_SECONDS, UNDER_OTHER_RULES, both_right,
                                                      right)

CHECKS = CheckList()


def _pair(probe: Probe, use_mirror: bool) -> list[int]:
    """The answer as a list of two ints; anything else fails the check."""
    call = probe.call_of((use_mirror,))
    got = probe.value(use_mirror)
    if not isinstance(got, (list, tuple)):  # values come back rebuilt: no subclasses
        raise Failure(f'{call} returned {article(type_name(got))}, expected a list '
                      f'[boxes, beads]', call)
    if len(got) != 2 or any(type(n) is not int for n in got):
        raise Failure(f'{call} returned {got!r}, expected two whole numbers [boxes, beads]',
                      call)
    return list(got)


def _expect(probe: Probe, use_mirror: bool) -> None:
    got = _pair(probe, use_mirror)
    want = right(use_mirror)
    if got != want:
        raise Mismatch(probe.call_of((use_mirror,)), want, got)


@CHECKS.add(weight=0, nudge='Give back a list of two numbers: [boxes, beads].')
def returns_pair(probe: Probe) -> None:
    """count_boxes returns a list of two whole numbers"""
    _pair(probe, True)


@CHECKS.add(weight=3, needs=[returns_pair],
            nudge='Visit every position a game can reach; keep the ones where Black is to '
                  'move and has not lost yet, each once.')
def with_mirror(probe: Probe) -> None:
    """count_boxes(True) counts 19 boxes and 47 beads"""
    _expect(probe, True)


@CHECKS.add(weight=3, needs=[returns_pair],
            nudge='Without the mirror, a position and its mirror image are two boxes.')
def without_mirror(probe: Probe) -> None:
    """count_boxes(False) counts 37 boxes and 90 beads"""
    _expect(probe, False)


@CHECKS.add(weight=1, needs=[with_mirror],
            nudge='Start from empty lists or sets inside count_boxes, not outside it.')
def same_every_time(probe: Probe) -> None:
    """count_boxes gives the same answer every time it is asked"""
    # a right search may take a second or two a call, and is asked no more than the
    # verdict needs: count_boxes(True), (False), (True) once more, which tells a count
    # that keeps what it found from one that starts afresh; and once under other rules,
    # in a child of its own, meanwhile (see `hard_coded`)
    if both_right(probe):
        # traced, to see what it does, unless that would slow a slow search down more
        slow = (probe.process.slowest_call or 0.0) >= SLOW_SECONDS
        probe.start_elsewhere(*UNDER_OTHER_RULES, count_lines=not slow)
    same_answers(probe, [(True,)])


@CHECKS.add(weight=0, needs=[with_mirror], advisory=True,
            nudge='Printing costs no points here, but a function that only gives its '
                  'answer back is easier to use again: take the print() calls out of '
                  'count_boxes when you no longer need them.')
def prints_nothing(probe: Probe) -> None:
    """count_boxes prints nothing: it gives its answer back with return"""
    silent(probe, (True,))
