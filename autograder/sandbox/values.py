"""Rebuilding values that came back from a child.

The child tags each value with its exact type. Only the plain types the exercises
can return are rebuilt as Python values; anything else becomes an `Opaque`, which
equals nothing but itself, so no object with a rigged `__eq__` can pass a check.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union


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


def decode(tagged: Any) -> Value:
    """The value a child's tag describes; malformed tags become an Opaque."""
    try:
        return _decode(tagged, 0)
    except (TypeError, ValueError, IndexError, KeyError, RecursionError):
        return Opaque('unknown', 'a value that could not be read')


def _decode(tagged: Any, depth: int) -> Value:
    if depth > MAX_DEPTH:
        raise ValueError('nested too deep')
    tag = tagged[0]
    if tag == 'str':
        text = str(tagged[1])
        return text if len(tagged) == 2 else Truncated('str', int(tagged[2]), text)
    if tag == 'bool':
        return bool(tagged[1])
    if tag == 'int':
        number = tagged[1]
        if type(number) is not int:
            raise ValueError(number)
        return number
    if tag == 'none':
        return None
    if tag in ('list', 'tuple'):
        items = [_decode(item, depth + 1) for item in tagged[1]]
        rebuilt = items if tag == 'list' else tuple(items)
        return rebuilt if len(tagged) == 2 else Truncated(tag, int(tagged[2]), rebuilt)
    if tag == 'other':
        return Opaque(str(tagged[1])[:100], str(tagged[2])[:200])
    raise ValueError(tag)


def type_name(value: Value) -> str:
    """The name of the type the student's function returned."""
    if isinstance(value, (Opaque, Truncated)):
        return value.type_name
    return 'None' if value is None else type(value).__name__
