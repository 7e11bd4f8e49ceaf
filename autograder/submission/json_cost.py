"""What parsing a JSON text would cost in memory, counted before it is parsed.

`json.loads` makes a Python object for every value: a text of millions of empty
objects or one-letter strings costs hundreds of times its length. A child's reply and
a student's notebook are both hostile, so each is weighed with this first, at C
speed, and refused when it would cost more than its reader allows.
"""
from __future__ import annotations

from typing import Sequence

# what Python spends on a value parsed from JSON, beyond its text: a small object, and
# its place in the list or object holding it
PER_VALUE = 64


def parsing_cost(text: bytes, raw_first: Sequence[str] = ()) -> int:
    """The text's length and an object for each value in it: each comma, colon and
    opening bracket starts one. Those inside strings count too, so the estimate errs
    high, but for the one long string a message may lead with under one of the keys
    `raw_first` (a batch of answers joined into one string)."""
    rest = text
    for key in raw_first:
        head = b'{"%s":"' % key.encode()
        if text.startswith(head):
            end = text.find(b'"', len(head))
            if end > 0 and text[end - 1:end] != b'\\':
                rest = text[end:]
            break
    values = rest.count(b',') + rest.count(b':') + rest.count(b'[') + rest.count(b'{')
    return len(text) + PER_VALUE * (values + 1)
