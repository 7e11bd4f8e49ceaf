"""`json.dumps(value, indent=2)`, character for character, in three fifths of the time.

Given an indent, the standard library leaves its C encoder for one written in
Python that yields every bracket, comma and value as a piece of its own: a
student's results file, worked out by the command while the rest of the class is
graded, took over half a millisecond. Here the containers are walked in plain
loops, and each string and number is still written by the standard library's own
functions.
"""
from __future__ import annotations

import math
from json.encoder import encode_basestring_ascii
from typing import Any

INDENT = '  '


def indented(value: Any) -> str:
    """What `json.dumps(value, indent=2)` gives for JSON-like data (dicts with str keys,
    lists, tuples, str, int, float, bool, None); a TypeError for anything else."""
    parts: list[str] = []
    _write(value, parts, '\n')
    return ''.join(parts)


def _write(value: Any, parts: list[str], newline: str) -> None:
    if isinstance(value, str):  # most values
        parts.append(encode_basestring_ascii(value))
    elif isinstance(value, dict):
        if not value:
            parts.append('{}')
            return
        inner = newline + INDENT
        before = '{' + inner
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f'keys must be str here, not {type(key).__name__}')
            if isinstance(item, str):  # written here, without a call
                parts += (before, encode_basestring_ascii(key), ': ',
                          encode_basestring_ascii(item))
            else:
                parts += (before, encode_basestring_ascii(key), ': ')
                _write(item, parts, inner)
            before = ',' + inner
        parts.append(newline + '}')
    elif isinstance(value, (list, tuple)):
        if not value:
            parts.append('[]')
            return
        inner = newline + INDENT
        before = '[' + inner
        for item in value:
            parts.append(before)
            _write(item, parts, inner)
            before = ',' + inner
        parts.append(newline + ']')
    else:
        parts.append(_scalar(value))


def _scalar(value: Any) -> str:
    # in the standard library's order: bool before int, of which it is a subclass
    if value is None:
        return 'null'
    if value is True:
        return 'true'
    if value is False:
        return 'false'
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        if value != value:
            return 'NaN'
        if math.isinf(value):
            return 'Infinity' if value > 0 else '-Infinity'
        return float.__repr__(value)
    raise TypeError(f'Object of type {type(value).__name__} is not JSON serializable')
