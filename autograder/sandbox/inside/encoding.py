"""A value a student's function returned, in the form it crosses the wire: the child's
side of `autograder.calls.values`, which rebuilds it in the parent.

Standard library only: the child loads this file by path, as it loads the clock.
"""
from __future__ import annotations

from itertools import chain

TYPE_CHECKING = False  # typing is not imported in a child (see child.py)
if TYPE_CHECKING:
    from typing import Any

# a value is cut to what a report can show, so that a reply stays small enough for the
# parent to read without strain, even for 19,683 calls
MAX_ITEMS = 20
MAX_TEXT = 100
SHORT = MAX_ITEMS * MAX_TEXT  # characters in all of a list or tuple kept as it is
MAX_DEPTH = 2
STR = frozenset({str})
PLAIN = frozenset({str, bool, int, type(None)})  # as `kept` leaves them: short, small
SEQUENCES_FROM = 64  # tuples or lists in a batch sent as one string (see `sequences`)


class Wire:
    """A call's result already in the form it is sent in: an encoded value, a timeout
    or an error."""

    __slots__ = ('wire',)

    def __init__(self, wire: Any) -> None:
        self.wire = wire


def kept(value: Any) -> Any:
    """What is kept of a value as its call returns (under the call's clock: a hostile
    __repr__ is the call's own time): a short str, None, a bool or a small int as it
    is; a short list of strings copied, as it was when returned, and a short tuple of
    them as it is (encoding either runs no code of the student's, so `encode_all` or
    `sequences` does it after the batch, for all at once); anything else encoded."""
    kind = type(value)
    if kind is str and len(value) <= MAX_TEXT:
        return value
    if value is None or kind is bool or (kind is int and abs(value) < 2 ** 53):
        return value
    # (a long str inside is cut when the batch is sent; none may be huge meanwhile)
    if kind is list or kind is tuple:
        # a list copied before it is looked at (a thread of the student's could change
        # it between the two); exact strs in an exact tuple: nothing in it can change
        items = value[:MAX_ITEMS + 1] if kind is list else value
        if len(items) <= MAX_ITEMS and STR.issuperset(map(type, items)) and \
                len(''.join(items)) <= SHORT:
            return items
    return Wire(encode(value))  # cut at once: a batch holds no more than a report shows


def encode_all(values: list[Any]) -> list[Any]:
    """A batch's `kept` values in their wire form."""
    kinds = set(map(type, values))
    if kinds <= PLAIN:
        return values  # short strs, None, bools and small ints: JSON's own
    if kinds == {list} and \
            max(map(len, chain.from_iterable(values)), default=0) <= MAX_TEXT:
        return values  # lists of short strings (a board as squares) go as they are
    return [v.wire if type(v) is Wire else encode(v) for v in values]


def sequences(values: list[Any]) -> tuple[str, dict[str, Any]] | None:
    """A batch of `kept` values that are all tuples, or all lists, of as many strings
    each, all of one length, as one string and its cuts, under the name the reply
    gives it ('tuples' or 'lists'); None for any other batch. As JSON, 19,683 of them
    (a board as a tuple or a list of squares or rows) cost both sides tens of
    milliseconds, and one long string next to nothing."""
    if len(values) < SEQUENCES_FROM:
        return None
    kinds = set(map(type, values))
    if kinds != {tuple} and kinds != {list}:
        return None
    lengths = set(map(len, values))
    length = lengths.pop()
    if lengths or not 0 < length <= MAX_ITEMS:
        return None
    # each item an exact str, as `kept` lets no other list or tuple into a batch
    items = [*chain.from_iterable(values)]
    widths = set(map(len, items))
    width = widths.pop()
    if widths or not 0 < width <= MAX_TEXT:
        return None
    joined = ''.join(items)
    if not joined.isascii():  # as in `wire.strings_out`: surrogate halves would merge
        return None
    return ('tuples' if kinds == {tuple} else 'lists',
            {'joined': joined, 'width': width, 'length': length})


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
