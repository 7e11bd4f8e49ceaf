"""Hints chosen from the value count_boxes gave back, when that value has the wrong form.

A hint that says "never None" to a function that gave back 'White' is worse than
none: each sentence here speaks of the value the student's function returned.
"""
from __future__ import annotations

from autograder.calls.values import Value, type_name
from autograder.checking.checks import article
from autograder.diagnosis.wording import NO_RETURN, shortened


def about_value(got: Value) -> str | None:
    """A hint about what count_boxes gave back, when its form cannot be right."""
    kind = type_name(got)
    if kind == 'None':
        return f'count_boxes gave back None ({NO_RETURN}): end it with return [boxes, beads].'
    if kind == 'int':
        return 'count_boxes gave back one number: give back both, as [boxes, beads].'
    if kind == 'str' and isinstance(got, str):
        return (f'count_boxes gave back the text {shortened(got)}: give back the two numbers '
                f'themselves, as a list [boxes, beads].')
    if kind in ('set', 'frozenset', 'dict'):
        return (f'count_boxes gave back {article(kind)}: give back how many boxes and how '
                f'many beads, as a list [boxes, beads].')
    if kind not in ('list', 'tuple'):
        return f'count_boxes gave back {article(kind)}: give back a list [boxes, beads].'
    if isinstance(got, (list, tuple)) and (len(got) != 2 or
                                           any(type(n) is not int for n in got)):
        return (f'count_boxes gave back {shortened(got)}: give back exactly two whole numbers, '
                f'[boxes, beads].')
    return None
