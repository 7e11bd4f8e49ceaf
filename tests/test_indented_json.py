from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from autograder.render.indented_json import indented

scalars = st.none() | st.booleans() | st.integers() | st.text() | \
    st.floats(allow_nan=True, allow_infinity=True)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner) |
    st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=25)


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(values)
def test_it_writes_what_json_writes_with_an_indent_of_two(value: Any) -> None:
    assert indented(value) == json.dumps(value, indent=2)


def test_it_writes_texts_outside_ascii_escaped_as_json_does() -> None:
    value = {'naïve': ['日本', '\x00\n"', math.inf, -math.inf, 1e300, -0.0, True, 10 ** 30]}
    assert indented(value) == json.dumps(value, indent=2)


@pytest.mark.parametrize('value, said', [
    ({1: 'a'}, 'keys must be str here, not int'),
    ({'a': {2, 3}}, 'Object of type set is not JSON serializable'),
    ([b'bytes'], 'Object of type bytes is not JSON serializable')])
def test_what_json_would_convert_or_refuse_is_refused(value: Any, said: str) -> None:
    with pytest.raises(TypeError, match=f'^{said}$'):
        indented(value)
