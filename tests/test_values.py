"""Rebuilding values from a child's wire form (autograder/calls/values.py), and the
child's `encode` that makes it (autograder/sandbox/inside/encoding.py): what one writes, the
other reads back exactly."""
from __future__ import annotations

import pytest

from autograder.calls.values import Opaque, Truncated, decode, type_name

from child_modules import child_module

encode = child_module('encoding').encode


class Row(str):
    """A str subclass, which could rig its own comparisons."""


@pytest.mark.parametrize('value', [
    'abc', '', 0, -19, True, False, None, ['B', 'W', '.'], [1, [2, 'x'], None],
    ('B', 'W'), (True,), [('a', 'b'), ['c']], list('BB..W.W.W'), [],
])
def test_plain_values_come_back_exactly(value: object) -> None:
    back = decode(encode(value))
    assert back == value and type(back) is type(value)


def test_a_bool_stays_a_bool_and_an_int_an_int() -> None:
    assert type(decode(encode(True))) is bool
    assert type(decode(encode(1))) is int
    assert decode(encode([True, 1])) == [True, 1] and type(decode(encode([True]))[0]) is bool


def test_anything_else_is_opaque_and_equals_nothing_plain() -> None:
    shown = decode(encode(Row('.BB.W.W.W')))
    assert shown == Opaque('Row', "'.BB.W.W.W'")
    assert shown != '.BB.W.W.W'
    assert type_name(shown) == 'Row'
    assert isinstance(decode(encode([Row('a')]))[0], Opaque)  # inside a list too
    assert isinstance(decode(encode(1.5)), Opaque)
    assert decode(encode(2 ** 60)) == Opaque('int', 'a huge int')


def test_cut_values_say_so() -> None:
    assert decode(encode('x' * 150)) == Truncated('str', 150, 'x' * 100)
    cut = decode(encode(list(range(30))))
    assert cut == Truncated('list', 30, list(range(20)))
    assert decode(encode(tuple('ab' * 15))) == Truncated('tuple', 30, tuple('ab' * 10))


def test_nesting_is_cut_in_the_child() -> None:
    assert isinstance(decode(encode([[['deep']]]))[0][0], Opaque)


def test_a_forged_reply_nested_too_deep_is_not_followed() -> None:
    deep: object = 1
    for _ in range(10):
        deep = [[deep, 'x']]
    assert decode(deep) == Opaque('unknown', 'a value that could not be read')
    very_deep: object = {'tuple': [1, 'x']}
    for _ in range(100_000):
        very_deep = {'tuple': [very_deep, 'x']}
    assert isinstance(decode(very_deep), Opaque)


@pytest.mark.parametrize('forged', [
    2.5, {'tuple': 'not a list'}, {'cut': ['str', 10]}, {'cut': ['str', 'ten', 'ab']},
    {'cut': ['dict', 3, []]}, {'other': ['only a name']}, {'what': 1}, {'tuple': [], 'x': 1},
    [1, 2.5], {}, {'cut': ['str', float('inf'), 'x']}, {'cut': ['list', -float('inf'), []]},
])
def test_malformed_replies_are_opaque(forged: object) -> None:
    assert isinstance(decode(forged), Opaque)
