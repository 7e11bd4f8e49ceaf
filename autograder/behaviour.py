"""A failing function's behaviour in a few characters: a hash of its answers on its
exercise's whole domain (all 3^9 boards, all 135 positions, both calls of count_boxes).

Two functions with the same fingerprint give exactly the same answers, whatever their
code looks like; the class summary groups students by it, so a mistake nobody listed
still shows up as one mistake shared by several students.
"""
from __future__ import annotations

import hashlib
from typing import Any

from .describe import DESCRIBERS
from .probe import Probe
from .sandbox.outcomes import Died, NotTried, Outcome, Raised, Returned, TimedOut
from .sandbox.values import Opaque, Truncated

DIGEST_BYTES = 8  # 16 hex digits: a class would need billions of behaviours to collide


def fingerprint(exercise: str, probe: Probe) -> str | None:
    """The hash of the function's answers on the whole domain, in the domain's order;
    None for an exercise without one. Asks the child only for answers the checks and
    the diagnosis did not already get."""
    if exercise not in DESCRIBERS:
        return None
    _, domain = DESCRIBERS[exercise]
    digest = hashlib.blake2b(digest_size=DIGEST_BYTES)
    for outcome in probe.outcomes(domain()):
        digest.update(_answer(outcome).encode('utf-8', 'surrogateescape'))
        digest.update(b'\0')
    return digest.hexdigest()


def _answer(outcome: Outcome) -> str:
    # an error's message and line differ between two students' files even when the
    # functions fail alike, so only what went wrong counts
    if isinstance(outcome, Returned):
        return 'returned ' + _value(outcome.value)
    if isinstance(outcome, Raised):
        return 'raised ' + outcome.type_name
    if isinstance(outcome, TimedOut):
        return 'timed out'
    if isinstance(outcome, NotTried):
        return 'not tried'
    assert isinstance(outcome, Died)
    return 'died'


PLAIN = (str, int, bool, type(None))


def _value(value: Any) -> str:
    # an unaccepted object is shown by its repr, which may hold a memory address:
    # its type is what two functions can share
    if type(value) in PLAIN:
        return repr(value)
    if type(value) in (list, tuple) and all(type(item) in PLAIN for item in value):
        return repr(value)  # most wrong answers: no need to take them apart
    if isinstance(value, Opaque):
        return f'<{value.type_name}>'
    if isinstance(value, Truncated):
        return f'<{value.type_name} of {value.length}: {_value(value.start)}>'
    if isinstance(value, list):
        return '[' + ', '.join(_value(item) for item in value) + ']'
    if isinstance(value, tuple):
        return '(' + ', '.join(_value(item) for item in value) + ',)'
    return repr(value)
