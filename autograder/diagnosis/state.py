"""Whether a function's answer depends on the calls before it: asked first of all, in a
child of its own, and asked again after other calls, the same input gets another answer.

This is looked at before any description and any known mistake that is not itself
about kept state: the boards or positions a changing function gets wrong are an
accident of the order the grader asked them in, and a description of them would
send the student after a pattern that is not there.
"""
from __future__ import annotations

from typing import Mapping

from autograder.calls.outcomes import Outcome, Raised, Returned
from autograder.calls.values import Opaque, Truncated, Value, type_name
from autograder.checking.failures import Failure
from autograder.checking.probe import Args, Probe
from autograder.diagnosis.description import Description

SHOWN = 30  # characters of a value shown, at most


def changing(statuses: Mapping[str, object], probe: Probe, fresh_child: bool = True
             ) -> Description | None:
    """A description saying that the answer to one input changes with what was asked
    before, when it does; None when the function answered alike each time. Without
    `fresh_child` (for a function whose calls may take seconds), the input is only asked
    once more, not also first of all in a child of its own."""
    args = _first_failing(statuses, probe)
    if args is None:
        return None
    if not fresh_child:  # a call already asked twice, where there is one: it costs nothing
        args = next(iter(probe.asked_again_already()), args)
    before = probe.outcomes([args])[0]
    if fresh_child:  # in a new child, meanwhile: the same input asked before anything else
        probe.start_elsewhere([args])
    again = probe.asked_again([args])[0][0]
    fresh = probe.elsewhere([args]).outcomes[0] if fresh_child else before
    call = probe.call_of(args)
    name = probe.function
    if _alike(fresh, before) and _alike(before, again):
        return None
    if not _alike(fresh, before) and _answered(fresh):
        first, later = _said(fresh, before)
        detail = (f'Asked first of all, {call} {first}; asked after other calls, it '
                  f'{later}.')
    elif not _alike(before, again) and _answered(again):
        first, later = _said(before, again)
        detail = f'{call} {first} the first time, and {later} when asked again.'
    else:  # one of the answers is no answer (a crash, a time-out): nothing to compare
        return None
    text = (f'Your {name} gives different answers to the same input: its answer depends '
            f'on what it was asked before. {detail} Work the answer out from what {name} is '
            f'given alone, with nothing kept between calls (no list, set or count made '
            f'outside {name}).')
    return Description(text, 0, 0, 0)


def _first_failing(statuses: Mapping[str, object], probe: Probe) -> Args | None:
    for status in statuses.values():
        if isinstance(status, Failure) and status.call and \
                status.call.function == probe.function:
            return status.call.args
    return None


def _answered(outcome: Outcome) -> bool:
    return isinstance(outcome, (Returned, Raised))


def _alike(a: Outcome, b: Outcome) -> bool:
    """The same answer: equal values of the same type, or the same kind of error
    (its message may name an address or a count that changes from run to run)."""
    if isinstance(a, Returned) and isinstance(b, Returned):
        if isinstance(a.value, Opaque) or isinstance(b.value, Opaque):
            # known by its printed text alone, which for a set or a dict may come in
            # another order in each child: its kind is all that can be compared
            return type_name(a.value) == type_name(b.value)
        return type(a.value) is type(b.value) and a.value == b.value
    if isinstance(a, Raised) and isinstance(b, Raised):
        return a.type_name == b.type_name
    return type(a) is type(b)


def _said(a: Outcome, b: Outcome) -> tuple[str, str]:
    """What each call did, in words that show the two differ."""
    return _one(a, b), _one(b, a)


def _one(outcome: Outcome, other: Outcome) -> str:
    if isinstance(outcome, Raised):
        return f'raised {outcome.type_name}'
    assert isinstance(outcome, Returned)
    value = outcome.value
    shown = repr(value)
    twin = repr(other.value) if isinstance(other, Returned) else ''
    if len(shown) > SHOWN or (len(twin) > SHOWN and shown[:SHOWN] == twin[:SHOWN]):
        return f'gave {_sized(value)}'
    return f'gave {shown}'


def _sized(value: Value) -> str:
    """A long value by its kind and size, which tells two long values apart where their
    first characters would not."""
    if isinstance(value, Truncated):
        size = value.length
    elif isinstance(value, (str, list, tuple)):
        size = len(value)
    else:
        return f'{type_name(value)} {str(value)[:SHOWN]}...'
    unit = 'characters' if type_name(value) == 'str' else 'items'
    return f'a {type_name(value)} of {size} {unit}'

