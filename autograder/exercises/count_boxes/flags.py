"""The hard-coded flag: right numbers that may not have been worked out. A flag for the
teacher to look at; it never costs points."""
from __future__ import annotations

from autograder.checking.probe import Probe
from autograder.exercises.count_boxes.answers import (SLOW_SECONDS, UNDER_OTHER_RULES, answer,
                                                      both_right, right)
from autograder.records import Flag

# what a count does at the least when it searches: the smallest search visits some
# sixty positions, a few lines each, and holds each board in a name as it goes; a fixed
# answer runs a line or two (or a loop that only runs, holding no board), and even one
# that first looks whether the rules were swapped, a few dozen
SEARCHING = 300  # lines of the student's file run
BUILDING = 20    # different boards held


def hard_coded(probe: Probe) -> Flag | None:
    """Flag right answers that do not follow a change of the rules they are given, and
    do not search either. Asked of the file loaded anew, in a child of its own: a count
    that keeps what it worked out (`functools.cache`, a memo of its own) must work it
    out again there, under the other rules, and one call is enough (a slow search pays
    for one). A count with rules of its own (a class of its own, a program adapted from
    elsewhere) does not follow them, but runs its search's lines by the hundred and
    holds board after board. A slow call is not traced (see `same_every_time`): one
    that computes for half a second or more is taken to be working its answer out."""
    if not both_right(probe):
        return None
    varied = probe.elsewhere(*UNDER_OTHER_RULES)
    if answer(varied.outcomes[0]) != right(False):
        return None
    if (probe.process.slowest_call or 0.0) >= SLOW_SECONDS:
        return None
    if varied.lines_run and varied.lines_run[0] >= SEARCHING and \
            varied.boards_seen and varied.boards_seen[0] >= BUILDING:
        return None
    return Flag('hard-coded', 'count_boxes gave the same numbers when its moves() was '
                'replaced by other rules: it may return fixed numbers instead of counting '
                '(or it uses rules of its own); worth a look.')
