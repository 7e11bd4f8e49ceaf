"""count_boxes from its numbers: which way of counting gives the pair it returned.

A way of counting is the right one with a few things done differently: the known
mistakes of the catalogue and a few more. The numbers each gives, alone and two at a
time, are facts of the reference (worked out by `facts_recording`, read from
`reference_facts`); when one of them gives exactly the student's numbers for both
calls, it says what the count took in or left out. When none does, the numbers
themselves say how far off the count is, and where to look next.
"""
from __future__ import annotations

from ..probe import Probe
from ..reference_facts import count_boxes as reference
from ..reference_facts import explained
from ..sandbox.outcomes import Returned
from .description import Description


def describe(probe: Probe) -> Description | None:
    """What count_boxes' numbers tell; None when either answer is not two whole numbers
    or both are right."""
    got: list[tuple[int, ...]] = []
    for outcome in probe.outcomes([(True,), (False,)]):
        if not (isinstance(outcome, Returned) and isinstance(outcome.value, (list, tuple))
                and len(outcome.value) == 2 and all(type(n) is int for n in outcome.value)):
            return None
        got.append(tuple(outcome.value))
    want = [tuple(reference(True)), tuple(reference(False))]
    wrong = sum(1 << i for i in range(2) if got[i] != want[i])
    if not wrong:
        return None
    answers = (f'count_boxes(True) gave {list(got[0])} and count_boxes(False) gave '
               f'{list(got[1])}')
    reason = explained().get((got[0], got[1]))
    if reason:
        text = f'{answers}: exactly the numbers you get when {_and(list(reason))}.'
        return Description(text, wrong, wrong, 2)
    return Description(f'{answers}. {_how_far(got, want)}', wrong, wrong, 2)


def _how_far(got: list[tuple[int, ...]], want: list[tuple[int, ...]]) -> str:
    said = []
    for use_mirror, have, should in zip((True, False), got, want):
        if have != should:
            said.append(f'with use_mirror {use_mirror}: {_off(have[0] - should[0], "box")} '
                        f'and {_off(have[1] - should[1], "bead")}')
    where = '; '.join(said)
    boxes = [have[0] - should[0] for have, should in zip(got, want)]
    if any(boxes) and all(b >= 0 for b in boxes):
        step = ('Your count takes in positions it should leave out: print the boards you '
                "keep and check that in each it is Black's turn and Black has not lost yet.")
    elif any(boxes) and all(b <= 0 for b in boxes):
        step = ('Your count misses positions: check that your search follows every move of '
                'both players from the start, White first, until each game is over.')
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


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ', '.join(parts[:-1]) + ' and ' + parts[-1]
