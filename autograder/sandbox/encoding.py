"""A value a student's function returned, in the form it crosses the wire: the child's
side of `values`, which rebuilds it in the parent.

Standard library only: the child loads this file by path, as it loads the clock.
"""
from __future__ import annotations

from itertools import chain
from typing import Any

# a value is cut to what a report can show, so that a reply stays small enough for the
# parent to read without strain, even for 19,683 calls
MAX_ITEMS = 20
MAX_TEXT = 100
MAX_DEPTH = 2
STR = frozenset({str})


class Wire:
    """A call's result already in the form it is sent in: an encoded value, a timeout
    or an error."""

    __slots__ = ('wire',)

    def __init__(self, wire: Any) -> None:
        self.wire = wire


def kept(value: Any) -> Any:
    """What is kept of a value as its call returns (under the call's clock: a hostile
    __repr__ is the call's own time): a short str as it is; a short list of strings
    copied, as it was when returned (encoding it runs no code of the student's, so
    `encode_all` does it after the batch, for all at once); anything else encoded."""
    if type(value) is str and len(value) <= MAX_TEXT:
        return value
    if type(value) is list and len(value) <= MAX_ITEMS and set(map(type, value)) <= STR:
        return value[:]
    return Wire(encode(value))


def encode_all(values: list[Any]) -> list[Any]:
    """A batch's `kept` values in their wire form."""
    if set(map(type, values)) == {list} and \
            max(map(len, chain.from_iterable(values)), default=0) <= MAX_TEXT:
        return values  # lists of short strings (a board as squares) go as they are
    return [v.wire if type(v) is Wire else encode(v) for v in values]


def encode(value: Any, depth: int = 0) -> Any:
    """A value in its wire form. A short str, a bool, a small int, None and a list of
    them go as JSON's own, which the parent reads at C speed (19,683 lists for a
    mirror that returns one); a tuple, a value cut short and any other object go as a
    one-key object. Types are exact, so a str subclass never passes as a str."""
    kind = type(value)
    if kind is str:
        return value if len(value) <= MAX_TEXT else {'cut': ['str', len(value), value[:MAX_TEXT]]}
    if kind is bool or value is None:
        return value
    if kind is int:
        return value if abs(value) < 2 ** 53 else {'other': ['int', 'a huge int']}
    if kind in (list, tuple) and depth < MAX_DEPTH:
        head = value[:MAX_ITEMS]
        if set(map(type, head)) <= {str} and max(map(len, head), default=0) <= MAX_TEXT:
            items = list(head)  # the common case (a board as a list of squares) at once
        else:
            items = [encode(item, depth + 1) for item in head]
        if len(value) > MAX_ITEMS:
            return {'cut': [kind.__name__, len(value), items]}
        return items if kind is list else {'tuple': items}
    try:
        shown = object.__repr__(value) if depth >= MAX_DEPTH else repr(value)
    except BaseException:  # a hostile __repr__ must not take the child down
        shown = '<unprintable>'
    return {'other': [kind.__name__, str(shown)[:200]]}
