"""Hints chosen from the value winner gave back, when that value has the wrong form.

A hint that says "never None" to a function that gave back 'White' is worse than
none: each sentence here speaks of the value the student's function returned.
"""
from __future__ import annotations

from autograder.calls.values import Value, type_name
from autograder.checking.checks import article
from autograder.diagnosis.wording import NO_RETURN, shortened


def about_value(got: Value) -> str | None:
    """A hint about what winner gave back, when its form cannot be right."""
    kind = type_name(got)
    if kind == 'None':
        return (f"winner gave back None: make every way through your function end with "
                f"return and 'W', 'B' or ''. (Remember: {NO_RETURN}.)")
    if kind == 'bool':
        return (f"winner gave back {got!r}: give back who won, 'W' or 'B', or '' while "
                f'nobody has.')
    if kind != 'str':
        return f"winner gave back {article(kind)}: give back the string 'W', 'B' or ''."
    if isinstance(got, str) and got not in ('W', 'B', ''):
        letter = got.strip()[:1].upper()
        if letter in ('W', 'B') and got != letter:
            return (f"winner gave back {got!r}: give back the capital letter alone, "
                    f"{letter!r}, with nothing around it.")
        return f"winner gave back {shortened(got)}, which is none of 'W', 'B' and ''."
    return None
