"""count_boxes from its numbers: which way of counting gives the pair it returned.

A way of counting is the right one with a few things done differently: the known
mistakes of the catalogue and a few more. The numbers each gives, alone and two at a
time, are facts of the reference (worked out by `reference.recording`, read from
`reference.facts`); when one of them gives exactly the student's numbers for both
calls, it says what the count took in or left out. When none does, the numbers
themselves say how far off the count is, and where to look next.
"""
from __future__ import annotations

import re
from dataclasses import replace

from autograder.calls.outcomes import Outcome, Raised, Returned
from autograder.calls.values import Opaque, Value
from autograder.checking.probe import Probe
from autograder.diagnosis.description import Description
from autograder.reference.facts import count_boxes as reference, explained

BOARDS = re.compile(r"[\[({]'[.BW]{9}'")  # how a collection of boards starts when shown


def describe(probe: Probe) -> Description | None:
    """What count_boxes' numbers tell; None when either answer is not two whole numbers
    or both are right."""
    outcomes = probe.outcomes([(True,), (False,)])
    one_raised = _one_raised(outcomes, probe)
    if one_raised:
        return one_raised
    other_form = _not_numbers(outcomes)
    if other_form:
        return other_form
    got: list[tuple[int, ...]] = []
    for outcome in outcomes:
        if not _a_pair(outcome):
            return None
        assert isinstance(outcome, Returned) and isinstance(outcome.value, (list, tuple))
        got.append(tuple(outcome.value))
    want = [tuple(reference(True)), tuple(reference(False))]
    wrong = sum(1 << i for i in range(2) if got[i] != want[i])
    if not wrong:
        return None
    answers = (f'count_boxes(True) gave {list(got[0])} and count_boxes(False) gave '
               f'{list(got[1])}')
    reason = explained().get((got[0], got[1]))
    if reason:  # the cause first, in a short sentence; the numbers after it
        if len(reason) == 1:
            cause = f'Your numbers are exactly those you get when {reason[0]}.'
        else:
            cause = ('Your numbers are exactly those of a count with two changes. '
                     + ' '.join(f'{nth}, {words}.' for nth, words in zip(('First', 'Second'),
                                                                          reason)))
        text = f'{cause} {answers}.'
        return Description(text, wrong, wrong, 2)
    return Description(f'{answers}. {_how_far(got, want)}', wrong, wrong, 2)


def _a_pair(outcome: Outcome) -> bool:
    return isinstance(outcome, Returned) and isinstance(outcome.value, (list, tuple)) \
        and len(outcome.value) == 2 and all(type(n) is int for n in outcome.value)


def _one_raised(outcomes: list[Outcome], probe: Probe) -> Description | None:
    """When one setting of use_mirror raises and the other answers: the error lies on
    the way only that setting takes."""
    kinds = [isinstance(o, Raised) for o in outcomes]
    if kinds.count(True) != 1 or not _a_pair(outcomes[kinds.index(False)]):
        return None
    bad = kinds.index(True)
    raised, answered = outcomes[bad], outcomes[1 - bad]
    assert isinstance(raised, Raised) and isinstance(answered, Returned) and \
        isinstance(answered.value, (list, tuple))
    setting, other = (True, False) if bad == 0 else (False, True)
    answer = list(answered.value)
    right = answer == list(reference(other))
    said = 'the right answer' if right else 'an answer'  # its title gives that pair already
    # the message is shown beside the call already: the kind and the line say enough
    text = (f'count_boxes({setting}) {replace(raised, message="").describe(probe.place)}, '
            f'but count_boxes({other}) gives {said}, {answer}: look at what your code does '
            f'only when use_mirror is {setting}.')
    return Description(text, 1 << bad if right else 3, 1 << bad if right else 3, 2)


def _not_numbers(outcomes: list[Outcome]) -> Description | None:
    """When both calls gave back text, or the boxes themselves, where [boxes, beads] is
    wanted: what it is, and whether the numbers it holds are right."""
    values = [o.value for o in outcomes if isinstance(o, Returned)]
    if len(values) != 2:
        return None
    if all(type(v) is str for v in values):
        numbers = [tuple(map(int, re.findall(r'\d+', str(v)))) for v in values]
        if all(len(pair) == 2 for pair in numbers):
            right = numbers == [tuple(reference(True)), tuple(reference(False))]
            verdict = ('The numbers in it are already right' if right else
                       f'The numbers in it are {list(numbers[0])} with use_mirror True and '
                       f'{list(numbers[1])} with False, not yet right')
            text = (f'Your count_boxes gives back a sentence, {_cut(values[0])}: give back the '
                    f'two numbers themselves, as a list. {verdict}.')
        else:
            text = (f'Your count_boxes gives back text, {_cut(values[0])}: give back two '
                    f'numbers as a list, [boxes, beads].')
        return Description(text, 3, 3, 2, about_form=True)
    if all(_boards(v) for v in values):
        return Description('Your count_boxes gives back the boxes themselves, not how many '
                           'there are: give back [the number of boxes, the number of beads].',
                           3, 3, 2, about_form=True)
    return None


def _cut(text: Value) -> str:
    shown = repr(text)
    return shown if len(shown) <= 40 else shown[:40] + "...'"


def _boards(value: Value) -> bool:
    """Whether a value is a collection of boards: a set or a dict of them comes back
    shown, a list or a tuple as it is."""
    if isinstance(value, Opaque):
        return value.type_name in ('set', 'frozenset', 'dict') and bool(BOARDS.match(value.shown))
    return isinstance(value, (list, tuple)) and len(value) > 2 and \
        all(type(v) is str and len(v) == 9 for v in value)


def _how_far(got: list[tuple[int, ...]], want: list[tuple[int, ...]]) -> str:
    said = []
    for use_mirror, have, should in zip((True, False), got, want):
        if have != should:
            said.append(f'with use_mirror {use_mirror}: {_off(have[0] - should[0], "box")} '
                        f'and {_off(have[1] - should[1], "bead")}')
    where = '; '.join(said)
    boxes = [have[0] - should[0] for have, should in zip(got, want)]
    if any(boxes) and all(b >= 0 for b in boxes):
        # the sign says how many, not why: the usual causes, to look for in the boards
        step = ('Your count has boxes it should not have. Print the boards you keep and look '
                "for one where White is to move, where Black has already lost, or one kept "
                'twice (a board and its mirror image, with use_mirror True).')
    elif any(boxes) and all(b <= 0 for b in boxes):
        step = ('Your count misses boxes. Print the boards you keep and look for a position '
                'a game can reach that is not there: a move your search does not follow, or '
                'two different boards your count takes for one.')
    elif any(boxes):
        step = ('One count has too many boxes and the other too few: compare the boards you '
                'keep with and without the mirror.')
    else:
        step = ('The boxes are right, so look at the beads: one bead for each move '
                "moves(board, 'B') gives in a box.")
    return f'Counted that way, {where}. {step}'


def _off(difference: int, unit: str) -> str:
    if difference == 0:
        return f'the right number of {unit}{"es" if unit == "box" else "s"}'
    plural = f'{unit}{"es" if unit == "box" else "s"}' if abs(difference) != 1 else unit
    return f'{abs(difference)} {plural} too {"many" if difference > 0 else "few"}'

