"""The wire's batches of plain values other than strings: tuples or lists of strings of
one shape travel as one string, anything else as JSON, tagged with its exact type;
however a batch travels, each value reads back as it would alone (strings: see
test_wire.py)."""
from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from autograder.calls.outcomes import Returned
from autograder.calls.values import Opaque, decode, plain, sequences_in
from autograder.sandbox.inside import wire
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import StudentProcess
from autograder.settings.config import Config

from child_modules import child_module

SHAPES = ('class Row(str):\n'
          '    pass\n'
          'def shaped(board, shape):\n'
          '    rows = [board[0:3], board[3:6], board[6:9]]\n'
          '    return {"squares": tuple(board), "rows": tuple(rows), "list": list(board),\n'
          '            "none": None, "number": len(board), "sub": (Row(board),),\n'
          '            "ragged": tuple(board[:1 + board.count("B") % 2])}[shape]\n')
BOARDS = [f'{n:09d}'.replace('0', '.').replace('1', 'B')[:9] for n in range(100)]


@pytest.mark.parametrize('shape,travels', [
    ('squares', 'tuples'), ('rows', 'tuples'), ('list', 'lists'), ('none', 'results'),
    ('number', 'results'), ('sub', 'results'), ('ragged', 'results'),
])
def test_a_long_batch_of_any_shape_comes_back_exactly(shape: str, travels: str) -> None:
    """Tuples or lists of strings of one shape travel as one string, the rest as JSON; either
    way each value comes back as the function returned it, of its exact type, and a
    str subclass never as a str."""
    replies: list[dict[str, Any]] = []
    with StudentProcess(Config().limits, FLOOR) as process:
        ask = process._exchange

        def recording(message: dict[str, Any], seconds: float, progress: bool = False
                      ) -> dict[str, Any]:
            replies.append(ask(message, seconds, progress))
            return replies[-1]
        process._exchange = recording  # type: ignore[method-assign]
        assert process.load(SHAPES, 'shaped.py', {}).error is None
        outcomes = process.call('shaped', [(board, shape) for board in BOARDS]).outcomes
    rows = [(board[0:3], board[3:6], board[6:9]) for board in BOARDS]
    wanted = {'squares': [tuple(b) for b in BOARDS], 'rows': rows,
              'list': [list(b) for b in BOARDS], 'none': [None] * len(BOARDS),
              'number': [9] * len(BOARDS),
              'sub': [(Opaque('Row', repr(b)),) for b in BOARDS],
              'ragged': [tuple(b[:1 + b.count("B") % 2]) for b in BOARDS]}[shape]
    assert outcomes == [Returned(value) for value in wanted]
    assert all(type(o.value) is type(w) for o, w in zip(outcomes, wanted)  # type: ignore
               ) and travels in replies[-1]


@pytest.mark.parametrize('forged', [
    None, [], {}, {'joined': 'abcd', 'width': 1, 'length': 3},
    {'joined': 'abcdef', 'width': 1, 'length': 0}, {'joined': 'abcdef', 'width': -1,
                                                    'length': -3},
    {'joined': 'abcdef', 'width': '1', 'length': 3}, {'joined': 6, 'width': 1, 'length': 3},
    {'joined': 'abcdef', 'width': 1.0, 'length': 3},
])
@pytest.mark.parametrize('lists', [False, True])
def test_a_forged_batch_of_tuples_or_lists_is_not_read(forged: Any, lists: bool) -> None:
    assert sequences_in(forged, 2, lists) is None


def test_a_batch_of_tuples_or_lists_of_another_count_is_not_read() -> None:
    carried = {'joined': 'abcdef', 'width': 1, 'length': 3}
    assert sequences_in(carried, 2) == [('a', 'b', 'c'), ('d', 'e', 'f')]
    assert sequences_in(carried, 2, lists=True) == [['a', 'b', 'c'], ['d', 'e', 'f']]
    assert sequences_in(carried, 3) is None
    assert sequences_in(carried, 3, lists=True) is None


ENCODING = child_module('encoding')


class Text(str):
    """A str subclass, which could rig its own comparisons."""


class Number(int):
    """An int subclass, likewise."""


PLAIN_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=120) | st.floats() |
    st.builds(Text, st.text(max_size=5)) | st.builds(Number, st.integers(0, 9)),
    lambda inner: st.lists(inner, max_size=25) | st.lists(inner, max_size=25).map(tuple),
    max_leaves=30)
SQUARES = st.text(st.characters(max_codepoint=127), min_size=2, max_size=2)


def shape(value: Any) -> Any:
    """The exact type of a value and, inside lists and tuples, of every item."""
    if type(value) in (list, tuple):
        return type(value), [shape(item) for item in value]
    return type(value)


@settings(max_examples=150, deadline=None)
@given(st.one_of(
    st.lists(PLAIN_VALUES, min_size=60, max_size=80),
    st.integers(1, 4).flatmap(lambda length: st.lists(
        st.lists(SQUARES, min_size=length, max_size=length).map(tuple),
        min_size=60, max_size=80)),
    st.integers(1, 4).flatmap(lambda length: st.lists(
        st.lists(SQUARES, min_size=length, max_size=length), min_size=60, max_size=80)),
    st.integers(1, 4).flatmap(lambda length: st.tuples(  # one odd value among them
        st.lists(st.lists(SQUARES, min_size=length, max_size=length).map(tuple) |
                 st.lists(SQUARES, min_size=length, max_size=length),
                 min_size=60, max_size=80), PLAIN_VALUES, st.integers(0, 59)).map(
        lambda made: made[0][:made[2]] + [made[1]] + made[0][made[2]:]))))
def test_every_batch_reads_as_each_value_alone_would(values: list[Any]) -> None:
    """However a batch travels (bare strings, one string of tuples or of lists, JSON
    read at once or value by value), the parent reads what it reads of each value sent alone, of
    the same exact types all the way down."""
    kept = [ENCODING.kept(value) for value in values]
    if set(map(type, kept)) <= {str}:
        part: dict[str, Any] | None = wire.all_strings_out(kept)
        assert part is not None
    else:
        joined = ENCODING.sequences(kept)
        part = {joined[0]: joined[1]} if joined else {'results': ENCODING.encode_all(kept)}
    reply = json.loads(json.dumps(part))
    read: list[Any] | None = wire.strings_in(reply, len(values))
    if read is None and 'tuples' in reply:
        read = sequences_in(reply['tuples'], len(values))
    if read is None and 'lists' in reply:
        read = sequences_in(reply['lists'], len(values), lists=True)
    if read is None and plain(reply['results']):
        read = reply['results']
    if read is None:
        read = [decode(item) for item in reply['results']]
    alone = [decode(json.loads(json.dumps(ENCODING.encode(value)))) for value in values]
    assert read == alone
    assert shape(read) == shape(alone)
