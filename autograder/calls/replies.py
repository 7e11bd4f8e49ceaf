"""What the parent reads in a child's replies: a loaded file, a batch of answers, and
the parts of a reply that describe them, each read as far as it is plain data (a
child is the student's: anything it sends may be forged).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from autograder.calls.limits import WAITING
from autograder.calls.outcomes import (Answers, LeftOut, Loaded, NotTried, Outcome, Raised,
                                       Returned, Seen, Signature, TimedOut)
from autograder.calls.values import Value, decode, plain, sequences_in
from autograder.sandbox.inside import wire

MAX_FUNCTIONS = 500
MAX_PARAMS = 32  # of one function, as the child reports them
MAX_LEFT_OUT = 1000  # cells carried from other sections said to be left out, at most


def loaded_in(reply: dict[str, Any], limits: dict[str, float | int]) -> Loaded | None:
    """What a reply to a load says (`limits`: the file's, as the child had them); None
    when it is not a reply to a load."""
    error, defined = reply.get('error'), reply.get('functions', {})
    if not isinstance(defined, dict) or not (error is None or isinstance(error, dict)):
        return None
    functions = {str(name)[:100]: signature(sig)
                 for name, sig in list(defined.items())[:MAX_FUNCTIONS]}
    went_on = reply.get('cells_went_on') is True
    left_out = _left_out(reply.get('left_out', []))
    if left_out is None:
        return None
    if error is None:
        return Loaded(None, functions, left_out=left_out)
    if error.get('type') == 'timeout':
        limit = limits['load_wait_seconds' if error.get('waited') else 'load_seconds']
        line = error.get('line')
        return Loaded(TimedOut(float(limit)), functions, went_on,
                      line if type(line) is int else None, left_out)
    return Loaded(raised(error), functions, went_on, left_out=left_out)


def _left_out(raw: Any) -> tuple[LeftOut, ...] | None:
    """The carried cells a reply says were left out, in the child's words (see its
    `_carried`); None when they are not in them."""
    if not isinstance(raw, list):
        return None
    found: list[LeftOut] = []
    for item in raw[:MAX_LEFT_OUT]:
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int and
                isinstance(item[1], dict)):
            return None
        place, said = item
        if said.get('type') == 'no time':
            found.append(LeftOut(place, None))
        elif said.get('type') == 'timeout' and set(said) == {'type', 'waited', 'seconds'}:
            seconds = said['seconds']
            if type(seconds) not in (int, float):
                return None
            found.append(LeftOut(place, TimedOut(float(seconds) * (WAITING if said['waited']
                                                                  else 1),
                                                 bool(said['waited']))))
        else:
            found.append(LeftOut(place, raised(said)))
    return tuple(found)


def answers_in(reply: dict[str, Any], count: int, call_seconds: float,
               key: tuple[bytes, int, float] | None) -> Answers | None:
    """The answers a reply brings to a batch of `count` calls made under `call_seconds`
    each (`key`: the reply's, when it is big); None when they cannot be read."""
    values: Sequence[Value] | None = wire.strings_in(reply, count)
    if values is None and 'tuples' in reply:
        values = sequences_in(reply['tuples'], count)
    elif values is None and 'lists' in reply:
        values = sequences_in(reply['lists'], count, lists=True)
    if values is not None:
        return Answers(values, None, '', key)
    results = reply.get('results')
    if not isinstance(results, list) or not 0 < len(results) <= count or \
            (len(results) < count and not timed_out(results[-1])):
        return None
    if len(results) == count and plain(results):  # every call returned
        return Answers(results, None, '', key)
    outcomes = [Returned(decode(item)) if type(item) is not dict or
                ('timeout' not in item and 'raised' not in item)
                else _outcome(item, call_seconds) for item in results]
    if None in outcomes:
        return None
    return Answers(None, [o for o in outcomes if o is not None] +
                   [NotTried()] * (count - len(results)), '',
                   key if len(results) == count else None)


def _outcome(item: dict[str, Any], call_seconds: float) -> Outcome | None:
    """A call that timed out (of computing, or of waiting) or raised; None when the
    item says neither in the child's words (a forged reply)."""
    if item.get('timeout'):
        waited = bool(item.get('waited'))
        return TimedOut(call_seconds * (WAITING if waited else 1), waited,
                        seen(item.get('seen')))
    error = item.get('raised')
    return raised(error) if isinstance(error, dict) else None


def seen(raw: Any) -> Seen | None:
    """What the child says it saw, as far as it is plain numbers and names (it is only
    ever used for a hint)."""
    if not isinstance(raw, dict):
        return None
    try:
        return Seen(int(raw['first_depth']), int(raw['depth']), int(raw['deepest']),
                    tuple(int(line) for line in list(raw['lines'])[:8]),
                    tuple(str(name)[:60] for name in list(raw['calls'])[:12]))
    except (KeyError, TypeError, ValueError, OverflowError):  # forged: Infinity, say
        return None


def timed_out(item: Any) -> bool:
    return isinstance(item, dict) and bool(item.get('timeout'))


def raised(error: dict[str, Any]) -> Raised:
    line = error.get('line')
    return Raised(str(error.get('type', 'an error'))[:100], str(error.get('message', ''))[:500],
                  line if type(line) is int else None)


def signature(raw: Any) -> Signature | None:
    if not isinstance(raw, dict):
        return None
    try:
        return Signature(int(raw['required']), int(raw['allowed']), bool(raw['varargs']),
                         tuple(str(p)[:100] for p in list(raw['params'])[:MAX_PARAMS]))
    except (KeyError, TypeError, ValueError, OverflowError):  # forged: Infinity, say
        return None
