"""Hints chosen from the value mirror gave back, when that value has the wrong form.

A hint that says "never None" to a function that gave back 'White' is worse than
none: each sentence here speaks of the value the student's function returned.
"""
from __future__ import annotations

from autograder.calls.values import Truncated, Value, type_name
from autograder.checking.checks import article
from autograder.diagnosis.wording import NO_RETURN


def about_value(got: Value) -> str | None:
    """A hint about what mirror gave back, when its form cannot be right."""
    kind = type_name(got)
    if kind == 'None':
        return f'mirror gave back None ({NO_RETURN}): return the mirrored board.'
    if kind in ('list', 'tuple'):
        return f'mirror gave back {article(kind)}: join its parts into one string with ' \
               f'"".join(...).'
    if kind != 'str':
        return f'mirror gave back {article(kind)}: give back a string of 9 characters.'
    if isinstance(got, Truncated):
        return (f'mirror gave back {got.length} characters: the mirrored board has exactly '
                f'9, one for each square.')
    if isinstance(got, str) and len(got) != 9:
        extra = ' Leave out the line breaks.' if '\n' in got else \
            ' Leave out the spaces.' if ' ' in got else ''
        return (f'mirror gave back {len(got)} characters: the mirrored board has exactly 9, '
                f'one for each square.{extra}')
    return None
