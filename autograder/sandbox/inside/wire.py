"""The framing every message between parent and child travels in: its length in
eight ASCII digits, then that many bytes of JSON.

Standard library only: the child loads this file by path (it never imports the
grader's package), and the parent imports it. How bytes are moved (a plain read,
or one that waits against a deadline first) is each side's own: they pass it in.
"""
from __future__ import annotations

import json

TYPE_CHECKING = False  # typing is not imported in a child (see child.py)
if TYPE_CHECKING:
    from typing import Any, Callable, Sequence
    Read = Callable[[int], bytes]  # up to so many bytes; b'' at the end of the stream
    Write = Callable[[memoryview], int]  # writes some of the bytes; how many

HEADER = 8
# the child's replies are the large ones (19,683 answers for mirror): no spaces
COMPACT = (',', ':')


class Unreadable(ValueError):
    """A message that is not framed JSON: a header that is no length, or a body that
    is not a JSON object."""


class TooLarge(ValueError):
    """A message longer than its reader allows: forged or absurd, and parsing it could
    cost gigabytes."""


# a batch of strings all of one length goes as one string: JSON reads one long string
# many times faster than thousands of short ones (mirror's 3^9 boards, and its answers)
JOIN_FROM = 64


def strings_out(texts: list[str]) -> dict[str, Any]:
    """A batch of strings, as a message carries it (see `strings_in`)."""
    return _strings(texts, ''.join(texts))


# what a long batch of answers is cut by: the first that none of them holds. None needs
# escaping in JSON, so such a batch is still written raw (see `frame`)
SEPARATORS = '|~^`#@!$%&*+,;:=?/ '


def all_strings_out(values: list[Any]) -> dict[str, Any] | None:
    """A child's batch of answers, all of them strings, as its reply carries it (see
    `strings_in`); None for any other batch. The test of strs is that they join, which
    a subclass of str passes too, so none may be there (the child's `kept` has encoded
    those apart already). A long batch goes as one string cut by a separator none of
    them holds, whatever their lengths: the parent cuts it at C speed (a quarter of
    the time of cutting it by width), and the child joins it once."""
    first = SEPARATORS[0]
    try:
        split = first.join(values)  # the test of strs, and nearly always the batch itself
    except TypeError:
        return None
    if len(values) < JOIN_FROM:
        return {'texts': values}
    for by in SEPARATORS:
        if by != first:
            split = by.join(values)
        if split.count(by) == len(values) - 1:
            return {'split': split, 'by': by}
    return {'texts': values}


def _strings(texts: list[str], joined: str) -> dict[str, Any]:
    width = len(texts[0]) if texts else 0
    # ASCII only: halves of a surrogate pair in two answers would read back as one
    # character, and the batch would no longer cut evenly
    if len(texts) >= JOIN_FROM and width and joined.isascii() and \
            len(joined) == width * len(texts) and one_width(texts, joined, width):
        return {'joined': joined, 'width': width}
    return {'texts': texts}


def one_width(texts: Sequence[str], joined: str, width: int) -> bool:
    """Whether every text is `width` characters long. Where none holds a NUL, the NULs
    of the texts joined by NUL fall every width + 1 characters exactly when it is (the
    total length being right): two passes at C speed, not a call per text."""
    if '\0' in joined:
        return set(map(len, texts)) == {width}
    return '\0'.join(texts)[width::width + 1] == '\0' * (len(texts) - 1)


def joined_if_one_width(values: Sequence[Any]) -> str | None:
    """The values joined, when there are some and every one is a str, all of one length;
    else None. The test of strs is that they join, which a subclass of str passes too:
    for values read back from a child, which are of their exact types."""
    if not values:
        return None
    try:
        joined = ''.join(values)
    except TypeError:
        return None
    width = len(values[0])
    if len(joined) != width * len(values) or not one_width(values, joined, width):
        return None
    return joined


def strings_in(message: dict[str, Any], count: int | None = None) -> list[str] | None:
    """The batch of strings `strings_out` or `all_strings_out` put in a message; None
    when it holds none, or none that reads, or (given `count`) not that many: checked
    before it is cut."""
    texts = message.get('texts')
    if texts is not None:
        if not isinstance(texts, list) or (count is not None and len(texts) != count):
            return None
        return texts if set(map(type, texts)) <= {str} else None
    split, by = message.get('split'), message.get('by')
    if split is not None:
        if type(split) is not str or type(by) is not str or len(by) != 1 or \
                (count is not None and split.count(by) != count - 1):
            return None
        return split.split(by)
    joined, width = message.get('joined'), message.get('width')
    if type(joined) is not str or type(width) is not int or width <= 0 or \
            len(joined) % width or (count is not None and len(joined) != width * count):
        return None
    return [joined[start:start + width] for start in range(0, len(joined), width)]


# a long joined batch (mirror's 19,683 answers come to 197 kB) goes into the JSON as
# it is where none of its characters needs escaping: json.dumps would scan it and copy
# it twice, most of a millisecond of the child's time for each such reply
RAW_FROM = 1 << 12
RAW_KEYS = ('joined', 'split')  # the long string's key, first in its message
ESCAPED = bytes(range(32)) + b'"\\'


def frame(message: dict[str, Any], compact: bool = False) -> bytes:
    framed = _with_raw_joined(message) if compact else None
    if framed is not None:
        return framed
    data = json.dumps(message, separators=COMPACT if compact else None).encode('utf-8')
    return b'%08d' % len(data) + data


def _with_raw_joined(message: dict[str, Any]) -> bytes | None:
    """The framed compact JSON of a message whose first value is a long joined string
    that needs no escaping, written around that string as it is; None for any other
    message. Put together in one copy: in a freshly forked child, each copy of 197 kB
    is fresh pages, and two more took a quarter of a millisecond."""
    key: str = next(iter(message), '')
    joined = message.get(key) if key in RAW_KEYS else None
    if type(joined) is not str or len(joined) < RAW_FROM or not joined.isascii():
        return None
    raw = joined.encode('ascii')
    if len(raw.translate(None, ESCAPED)) != len(raw):  # something JSON must escape
        return None
    rest = json.dumps({name: value for name, value in message.items() if name != key},
                      separators=COMPACT).encode('ascii')
    head, tail = b'{"%s":"' % key.encode(), b'"}' if rest == b'{}' else b'",' + rest[1:]
    return b''.join((b'%08d' % (len(head) + len(raw) + len(tail)), head, raw, tail))


def send(write: Write, message: dict[str, Any], compact: bool = False) -> None:
    view = memoryview(frame(message, compact))
    while view:  # a view: what is left is not copied at every write
        view = view[write(view):]


def receive(read: Read, limit: int | None = None) -> dict[str, Any] | None:
    """One message, or None when the stream ends before all of it came. Unreadable,
    TooLarge, or json's own ValueError for a body that does not parse."""
    body = receive_body(read, limit)
    return None if body is None else parse(body)


def receive_body(read: Read, limit: int | None = None) -> bytes | None:
    """One message's body, not yet parsed (see `receive`)."""
    header = read_exactly(read, HEADER)
    if header is None:
        return None
    if not header.isdigit():
        raise Unreadable('a header that is no length')
    if limit is not None and int(header) > limit:
        raise TooLarge(f'over {limit} bytes')
    return read_exactly(read, int(header))


def parse(body: bytes) -> dict[str, Any]:
    message = json.loads(body.decode('utf-8'))
    if not isinstance(message, dict):
        raise Unreadable('not a JSON object')
    return message


def read_exactly(read: Read, size: int) -> bytes | None:
    chunks: list[bytes] = []
    while size:
        chunk = read(size)
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b''.join(chunks)
