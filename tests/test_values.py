"""Rebuilding values from a child's tags (autograder/sandbox/values.py)."""
from __future__ import annotations

from autograder.sandbox.values import Opaque, Truncated, decode, type_name


def test_plain_values_are_rebuilt_exactly() -> None:
    assert decode(['str', 'abc']) == 'abc'
    assert decode(['list', [['int', 19], ['int', 47]]]) == [19, 47]
    assert decode(['tuple', [['bool', True]]]) == (True,)
    assert decode(['none']) is None


def test_anything_else_is_opaque_and_equals_nothing_plain() -> None:
    shown = decode(['other', 'Sneaky', "'.BB.W.W.W'"])
    assert shown == Opaque('Sneaky', "'.BB.W.W.W'")
    assert shown != '.BB.W.W.W'
    assert type_name(shown) == 'Sneaky'


def test_cut_values_say_so() -> None:
    assert decode(['str', 'ab', 10]) == Truncated('str', 10, 'ab')


def test_a_forged_reply_nested_too_deep_is_not_followed() -> None:
    deep: list[object] = ['int', 1]
    for _ in range(10):
        deep = ['list', [deep]]
    assert decode(deep) == Opaque('unknown', 'a value that could not be read')
    very_deep: list[object] = ['int', 1]
    for _ in range(100_000):
        very_deep = ['list', [very_deep]]
    assert isinstance(decode(very_deep), Opaque)


def test_malformed_tags_are_opaque() -> None:
    assert isinstance(decode(['int', 'not a number']), Opaque)
    assert isinstance(decode('no tag at all'), Opaque)
