"""Rebuilding values that came back from a child.

The child sends each value by its exact type. Only the plain types the exercises
can return are rebuilt as Python values; anything else becomes an `Opaque`, which
equals nothing but itself, so no object with a rigged `__eq__` can pass a check.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Any, Union

# the child cuts a str and a list or tuple to these: a batch of them sent as one
# string is never wider or longer (see `sequences_in`)
from autograder.sandbox.inside.encoding import MAX_ITEMS, MAX_TEXT


@dataclass(frozen=True)
class Opaque:
    """A value of a type the grader does not accept, kept only to describe it."""

    type_name: str
    shown: str

    def __repr__(self) -> str:
        return self.shown


@dataclass(frozen=True)
class Truncated:
    """A str, list or tuple the child cut short because it was too long."""

    type_name: str
    length: int
    start: Any

    def __repr__(self) -> str:
        return f'{self.start!r}... ({self.length} items in all)'


Value = Union[str, int, bool, None, list[Any], tuple[Any, ...], Opaque, Truncated]


MAX_DEPTH = 3  # the child nests at most 2 deep; deeper is a forged reply
SCALARS = frozenset({str, int, bool, type(None)})


def decode(raw: Any) -> Value:
    """The value a child's wire form describes (see `encode` in the child): JSON's own
    scalars and lists as they are, a one-key object for a tuple, a value cut short or
    any other object. Anything malformed becomes an Opaque."""
    if type(raw) is list and set(map(type, raw)) <= SCALARS:
        return raw  # most wrong answers that are not a str: a board as a list of squares
    if type(raw) is dict and type(items := raw.get('tuple')) is list and len(raw) == 1 \
            and set(map(type, items)) <= SCALARS:
        return tuple(items)  # or as a tuple of them
    try:
        return _decode(raw, 0)
    except (TypeError, ValueError, IndexError, KeyError, RecursionError, OverflowError):
        return Opaque('unknown', 'a value that could not be read')


def plain(results: list[Any]) -> bool:
    """Whether every item of a batch's results is a value that `decode` gives back as
    it is (JSON's scalars, and lists of them): a whole batch checked at C speed."""
    kinds = set(map(type, results))
    return kinds <= SCALARS or \
        (kinds == {list} and set(map(type, chain.from_iterable(results))) <= SCALARS)


def sequences_in(raw: Any, count: int, lists: bool = False) -> list[Value] | None:
    """The `count` tuples (or, with `lists`, lists) of a batch the child sent as one
    string (see `sequences` in its encoding), each of `length` strings of `width`
    characters. None when the parts are not that, or do not add up."""
    if type(raw) is not dict:
        return None
    joined, width, length = raw.get('joined'), raw.get('width'), raw.get('length')
    if type(joined) is not str or type(width) is not int or type(length) is not int or \
            not 0 < width <= MAX_TEXT or not 0 < length <= MAX_ITEMS or count <= 0 or \
            len(joined) != count * length * width:
        return None
    items = iter(joined) if width == 1 else \
        map(''.join, zip(*[iter(joined)] * width))
    cut = zip(*[items] * length)  # `length` items at a time, at C speed
    return list(map(list, cut)) if lists else list(cut)


def _decode(raw: Any, depth: int) -> Value:
    kind = type(raw)
    if kind in SCALARS:
        return raw  # type: ignore[no-any-return]
    if depth > MAX_DEPTH:
        raise ValueError('nested too deep')
    if kind is list:
        return _items(raw, depth)
    if kind is not dict or len(raw) != 1:
        raise ValueError(kind)  # a float, say: nothing the child sends
    (tag, body), = raw.items()
    if tag == 'tuple':
        return tuple(_items(body, depth))
    if tag == 'cut':
        what, length, start = body
        if what == 'str' and type(start) is str:
            return Truncated('str', int(length), start)
        if what in ('list', 'tuple'):
            items = _items(start, depth)
            return Truncated(what, int(length), items if what == 'list' else tuple(items))
    if tag == 'other':
        type_name, shown = body
        return Opaque(str(type_name)[:100], str(shown)[:200])
    raise ValueError(tag)


def _items(raw: Any, depth: int) -> list[Any]:
    if type(raw) is not list:
        raise TypeError(type(raw))
    if set(map(type, raw)) <= SCALARS:
        return raw  # a list of plain values, checked at C speed: most wrong answers
    return [_decode(item, depth + 1) for item in raw]


def type_name(value: Value) -> str:
    """The name of the type the student's function returned."""
    if isinstance(value, (Opaque, Truncated)):
        return value.type_name
    return 'None' if value is None else type(value).__name__
