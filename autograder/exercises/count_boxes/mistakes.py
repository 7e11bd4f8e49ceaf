"""count_boxes' known mistakes: each a way of counting, recognised by the numbers it
gives (facts of the reference: see `reference.recording`), and the sentence a teacher
would say to it."""
from __future__ import annotations

from typing import Callable

from autograder.checking.probe import Probe
from autograder.diagnosis.mistakes import Mistake
from autograder.exercises.count_boxes.answers import UNDER_OTHER_RULES, answer, asked, right
from autograder.reference.facts import mistaken_counts


def _counts(mistake: str) -> Callable[[Probe], bool]:
    """A recogniser: for True and for False, the answer is one the way of miscounting
    named `mistake` gives (its numbers are facts: see `reference.recording`)."""
    def recognise(probe: Probe) -> bool:
        return all(asked(probe, use_mirror) in mistaken_counts(mistake, use_mirror)
                   for use_mirror in (True, False))
    return recognise


def _mirror_ignored(probe: Probe) -> bool:
    answer = asked(probe, True)
    return answer == asked(probe, False) and answer in (right(True), right(False))


def _not_reset(probe: Probe) -> bool:
    """Sets kept between calls: asked again, it answers otherwise; or, when the positions
    already seen are kept too, later calls find nothing new and repeat the first answer
    whatever they are asked, even under other rules (which tells it from use_mirror
    ignored, where the same answer is computed afresh each time)."""
    first = asked(probe, True)
    if first != right(True):
        return False
    again, _ = probe.asked_again([(True,)])
    if answer(again[0]) != first:
        return True
    if asked(probe, False) != first:  # asked under other rules only where it may tell
        return False
    other_rules, _ = probe.asked_again(*UNDER_OTHER_RULES)
    return answer(other_rules[0]) == first


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
