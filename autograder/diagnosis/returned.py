"""Hints chosen from the value a function gave back, when that value has the wrong form.

A hint that says "never None" to a function that gave back 'White' is worse than
none: each sentence here speaks of the value the student's function returned.
"""
from __future__ import annotations

from autograder.calls.values import Truncated, Value, type_name
from autograder.checking.checks import article

NO_RETURN = 'a function that ends without return gives back None'


def about(exercise: str, got: Value) -> str | None:
    """A hint about `got` when it cannot be a right answer to `exercise`; else None."""
    kind = type_name(got)
    if exercise == 'mirror':
        return _mirror(got, kind)
    if exercise == 'winner':
        return _winner(got, kind)
    if exercise == 'count_boxes':
        return _count_boxes(got, kind)
    return None


def _mirror(got: Value, kind: str) -> str | None:
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


def _winner(got: Value, kind: str) -> str | None:
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
        return f"winner gave back {_short(got)}, which is none of 'W', 'B' and ''."
    return None


def _count_boxes(got: Value, kind: str) -> str | None:
    if kind == 'None':
        return f'count_boxes gave back None ({NO_RETURN}): end it with return [boxes, beads].'
    if kind == 'int':
        return 'count_boxes gave back one number: give back both, as [boxes, beads].'
    if kind == 'str' and isinstance(got, str):
        return (f'count_boxes gave back the text {_short(got)}: give back the two numbers '
                f'themselves, as a list [boxes, beads].')
    if kind in ('set', 'frozenset', 'dict'):
        return (f'count_boxes gave back {article(kind)}: give back how many boxes and how '
                f'many beads, as a list [boxes, beads].')
    if kind not in ('list', 'tuple'):
        return f'count_boxes gave back {article(kind)}: give back a list [boxes, beads].'
    if isinstance(got, (list, tuple)) and (len(got) != 2 or
                                           any(type(n) is not int for n in got)):
        return (f'count_boxes gave back {_short(got)}: give back exactly two whole numbers, '
                f'[boxes, beads].')
    return None


def _short(got: Value) -> str:
    text = repr(got)
    return text if len(text) <= 40 else text[:40] + '...'
