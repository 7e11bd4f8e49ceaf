"""count_boxes' answers: the right ones, what a function gave back (as two whole numbers
or nothing), and the one call it is asked under other rules, by a known mistake and by
the hard-coded flag."""
from __future__ import annotations

from hexapawn_ref.variants import NO_CAPTURES

from autograder.calls.outcomes import Outcome, Returned
from autograder.checking.probe import Probe
from autograder.reference.facts import count_boxes as reference

VARIANT = {'source': NO_CAPTURES, 'names': ['moves']}  # pawns that never take
# the one call a count is asked under other rules, by a known mistake and by the flag
UNDER_OTHER_RULES = ([(False,)], VARIANT)
SLOW_SECONDS = 0.5  # a call that computes this long is slow: it earns a note
RIGHT = {use_mirror: reference(use_mirror) for use_mirror in (True, False)}


def right(use_mirror: bool) -> list[int]:
    """The right answer (worked out once: every check and mistake asks for it)."""
    return list(RIGHT[use_mirror])


def answer(outcome: Outcome) -> list[int] | None:
    """An answer of two ints, list or tuple alike, as a list; None for anything else."""
    if isinstance(outcome, Returned) and isinstance(outcome.value, (list, tuple)) \
            and all(type(n) is int for n in outcome.value):
        return list(outcome.value)
    return None


def asked(probe: Probe, use_mirror: bool) -> list[int] | None:
    return answer(probe.outcomes([(use_mirror,)])[0])


def both_right(probe: Probe) -> bool:
    return [asked(probe, m) for m in (True, False)] == [right(True), right(False)]
