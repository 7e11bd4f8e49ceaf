"""★★★ count_boxes(use_mirror): HER's boxes and beads, counted without playing."""
from __future__ import annotations

from typing import Callable

from hexapawn_ref.variants import NO_CAPTURES

from autograder.calls.outcomes import Outcome, Returned
from autograder.calls.values import type_name
from autograder.checking.checks import CheckList, article, same_answers, silent
from autograder.checking.failures import Failure, Mismatch
from autograder.checking.probe import Probe
from autograder.diagnosis.mistakes import Mistake
from autograder.exercises.spec import Exercise, Slow
from autograder.records import Flag
from autograder.reference.facts import count_boxes as reference, mistaken_counts

VARIANT = {'source': NO_CAPTURES, 'names': ['moves']}  # pawns that never take
# the one call a count is asked under other rules, by a known mistake and by the flag
UNDER_OTHER_RULES = ([(False,)], VARIANT)
SLOW_SECONDS = 0.5  # a call that computes this long is slow: it earns a note
RIGHT = {use_mirror: reference(use_mirror) for use_mirror in (True, False)}


def _right(use_mirror: bool) -> list[int]:
    """The right answer (worked out once: every check and mistake asks for it)."""
    return list(RIGHT[use_mirror])


checks = CheckList()


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
    want = _right(use_mirror)
    if got != want:
        raise Mismatch(probe.call_of((use_mirror,)), want, got)


@checks.add(weight=0, nudge='Give back a list of two numbers: [boxes, beads].')
def returns_pair(probe: Probe) -> None:
    """count_boxes returns a list of two whole numbers"""
    _pair(probe, True)


@checks.add(weight=3, needs=[returns_pair],
            nudge='Visit every position a game can reach; keep the ones where Black is to '
                  'move and has not lost yet, each once.')
def with_mirror(probe: Probe) -> None:
    """count_boxes(True) counts 19 boxes and 47 beads"""
    _expect(probe, True)


@checks.add(weight=3, needs=[returns_pair],
            nudge='Without the mirror, a position and its mirror image are two boxes.')
def without_mirror(probe: Probe) -> None:
    """count_boxes(False) counts 37 boxes and 90 beads"""
    _expect(probe, False)


@checks.add(weight=1, needs=[with_mirror],
            nudge='Start from empty lists or sets inside count_boxes, not outside it.')
def same_every_time(probe: Probe) -> None:
    """count_boxes gives the same answer every time it is asked"""
    # a right search may take a second or two a call, and is asked no more than the
    # verdict needs: count_boxes(True), (False), (True) once more, which tells a count
    # that keeps what it found from one that starts afresh; and once under other rules,
    # in a child of its own, meanwhile (see `hard_coded`)
    if _both_right(probe):
        # traced, to see what it does, unless that would slow a slow search down more
        slow = (probe.process.slowest_call or 0.0) >= SLOW_SECONDS
        probe.start_elsewhere(*UNDER_OTHER_RULES, count_lines=not slow)
    same_answers(probe, [(True,)])


@checks.add(weight=0, needs=[with_mirror], advisory=True,
            nudge='Printing costs no points here, but a function that only gives its '
                  'answer back is easier to use again: take the print() calls out of '
                  'count_boxes when you no longer need them.')
def prints_nothing(probe: Probe) -> None:
    """count_boxes prints nothing: it gives its answer back with return"""
    silent(probe, (True,))


# -- known mistakes: each a different way of counting, its numbers from the facts ------

def _answer(outcome: Outcome) -> list[int] | None:
    """An answer of two ints, list or tuple alike, as a list; None for anything else."""
    if isinstance(outcome, Returned) and isinstance(outcome.value, (list, tuple)) \
            and all(type(n) is int for n in outcome.value):
        return list(outcome.value)
    return None


def _asked(probe: Probe, use_mirror: bool) -> list[int] | None:
    return _answer(probe.outcomes([(use_mirror,)])[0])


def _counts(mistake: str) -> Callable[[Probe], bool]:
    """A recogniser: for True and for False, the answer is one the way of miscounting
    named `mistake` gives (its numbers are facts: see `facts_recording`)."""
    def recognise(probe: Probe) -> bool:
        return all(_asked(probe, use_mirror) in mistaken_counts(mistake, use_mirror)
                   for use_mirror in (True, False))
    return recognise


def _mirror_ignored(probe: Probe) -> bool:
    answer = _asked(probe, True)
    return answer == _asked(probe, False) and answer in (_right(True), _right(False))


def _not_reset(probe: Probe) -> bool:
    """Sets kept between calls: asked again, it answers otherwise; or, when the positions
    already seen are kept too, later calls find nothing new and repeat the first answer
    whatever they are asked, even under other rules (which tells it from use_mirror
    ignored, where the same answer is computed afresh each time)."""
    first = _asked(probe, True)
    if first != _right(True):
        return False
    again, _ = probe.asked_again([(True,)])
    if _answer(again[0]) != first:
        return True
    if _asked(probe, False) != first:  # asked under other rules only where it may tell
        return False
    other_rules, _ = probe.asked_again(*UNDER_OTHER_RULES)
    return _answer(other_rules[0]) == first


CATALOGUE = (
    Mistake('stub answer',
            'count_boxes still gives back [0, 0]: it has to visit the positions and count.',
            _counts('stub answer')),
    Mistake('beads and boxes swapped',
            'The two numbers are the right way round in the exercise: [boxes, beads].',
            _counts('beads and boxes swapped')),
    Mistake('global not reset',
            'Asked again, count_boxes does not answer as it did the first time. The lists '
            'or sets you fill are made outside count_boxes, so they keep what an earlier '
            'call found: make them inside count_boxes.',
            _not_reset),
    Mistake('use_mirror ignored',
            'You give the same answer with use_mirror True and False: when it is True, '
            'count a position and its mirror image once, with min(board, mirror(board)).',
            _mirror_ignored),
    Mistake('use_mirror the wrong way round',
            'Your answers for True and False are swapped: use the mirror only when '
            'use_mirror is True.',
            _counts('use_mirror the wrong way round')),
    Mistake('ended positions counted',
            'You also count positions where Black has already lost. HER needs no box '
            'there: leave out the positions where has_lost(board, "B") is True.',
            _counts('ended positions counted')),
    Mistake("White's positions counted",
            "These are the positions White faces. HER plays Black: count the positions "
            "where it is Black's turn.",
            _counts("White's positions counted")),
    Mistake('game paths counted',
            'You count a position once for every way a game reaches it. A box is one '
            'position: keep the positions you have seen in a set or dictionary.',
            _counts('game paths counted')),
    Mistake('Black moves first',
            'White moves first: start from the position after each of White first moves, '
            'not from the start with Black to move.',
            _counts('Black moves first')),
    Mistake("White's moves as beads",
            "A bead is one of Black's moves in that box: count moves(board, 'B').",
            _counts("White's moves as beads")),
)


def _both_right(probe: Probe) -> bool:
    return [_asked(probe, m) for m in (True, False)] == [_right(True), _right(False)]


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
    if not _both_right(probe):
        return None
    varied = probe.elsewhere(*UNDER_OTHER_RULES)
    if _answer(varied.outcomes[0]) != _right(False):
        return None
    if (probe.process.slowest_call or 0.0) >= SLOW_SECONDS:
        return None
    if varied.lines_run and varied.lines_run[0] >= SEARCHING and \
            varied.boards_seen and varied.boards_seen[0] >= BUILDING:
        return None
    return Flag('hard-coded', 'count_boxes gave the same numbers when its moves() was '
                'replaced by other rules: it may return fixed numbers instead of counting '
                '(or it uses rules of its own); worth a look.')


EXERCISE: Exercise = Exercise(
    'count_boxes', ('use_mirror',), 4.0, tuple(checks.checks), CATALOGUE,
    flaggers=(hard_coded,),
    # a right search written the long way (every game replayed from the
    # start, the names kept in a list) takes a second or two a call
    limits={'call_seconds': 10.0, 'load_seconds': 6.0,
            'file_seconds': 120.0},
    slow=Slow(SLOW_SECONDS, 'A search that keeps the positions it has already seen '
                   'in a set (or a dictionary) visits each one once, and '
                   '`name in seen` is then quick even for thousands of '
                   'names: the model answer takes a few thousandths of a '
                   'second.'),
    tries='print(count_boxes(True))',
    titles=('count_boxes', 'count boxes', 'how many boxes'))
