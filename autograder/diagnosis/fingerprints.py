"""A failing function's behaviour in a few characters: a hash of its answers on its
exercise's whole domain (its `domain`: all 3^9 boards of mirror, say).

Two functions with the same fingerprint give exactly the same answers, whatever their
code looks like; the class summary groups students by it, so a mistake nobody listed
still shows up as one mistake shared by several students.
"""
from __future__ import annotations

import hashlib
import operator
from itertools import chain
from typing import TYPE_CHECKING, Any, Sequence

from autograder.calls.outcomes import Died, NotTried, Outcome, Raised, Returned, TimedOut
from autograder.calls.values import Opaque, Truncated
from autograder.checking.probe import Args, Probe
from autograder.sandbox.inside.wire import joined_if_one_width

if TYPE_CHECKING:  # the exercises carry the diagnosis; it never imports them
    from autograder.exercises.spec import Exercise

DIGEST_BYTES = 8  # 16 hex digits: a class would need billions of behaviours to collide


def fingerprint(exercise: Exercise, probe: Probe) -> str | None:
    """The hash of the function's answers on the whole domain, in the domain's order;
    None for an exercise without one. Asks the child only for answers the checks and
    the diagnosis did not already get."""
    domain = exercise.domain
    if not domain():
        return None
    memo = probe.work.answers.named(f'fingerprint of {exercise.name}')
    found: str = memo.get(probe, domain(), lambda: _fingerprint(domain(), probe))
    return found


def _fingerprint(domain: Sequence[Args], probe: Probe) -> str:
    values = probe.all_returned(domain)
    # one text hashed at once, without a call per board of all 3^9
    text = (_uniform(values) or _joined(_shown(values))) if values is not None else \
        _joined(_answers(probe.outcomes(domain)))
    return hashlib.blake2b(text.encode('utf-8', 'surrogatepass'),
                           digest_size=DIGEST_BYTES).hexdigest()


def _uniform(values: list[Any]) -> str | None:
    """The answers as one text where they are all strs of one length, or all lists (or
    all tuples) of as many strs of one length, as most answers on a whole domain are:
    their number and shape, then their characters in order, which decide every answer.
    Worked out at C speed, where wording each answer costs a call per board. Such a
    text starts with a NUL, which no text of `_joined` does: the two never meet. None
    for any other answers."""
    if values and type(values[0]) is str:  # as most are: mirror's 19,683 boards
        return _strings(values)
    kinds = set(map(type, values))
    if kinds == {list} or kinds == {tuple}:
        lengths = set(map(len, values))
        if len(lengths) != 1:
            return None
        items = list(chain.from_iterable(values))
        if not STR.issuperset(map(type, items)):
            return None
        shape = f'{kinds.pop().__name__} of {lengths.pop()} str'
    else:
        return None
    widths = set(map(len, items))
    if len(widths) != 1:
        return None
    return f'\0{len(values)} {shape} of {widths.pop()}\0' + ''.join(items)


def _strings(values: list[Any]) -> str | None:
    """`_uniform` of answers that may all be strs of one length, told at C speed
    (`wire.joined_if_one_width`) where sets of their types and lengths cost more."""
    joined = joined_if_one_width(values)
    if joined is None:
        return None
    return f'\0{len(values)} str of {len(values[0])}\0' + joined


def _joined(answers: tuple[str, list[str]]) -> str:
    """Each answer, its words before it, and a NUL after it, as one text."""
    words, shown = answers
    return words + f'\0{words}'.join(shown) + '\0' if shown else ''


def _answers(outcomes: list[Outcome]) -> tuple[str, list[str]]:
    if set(map(type, outcomes)) != {Returned}:
        return '', [_answer(outcome) for outcome in outcomes]
    return _shown(list(map(operator.attrgetter('value'), outcomes)))


def _shown(values: list[Any]) -> tuple[str, list[str]]:
    """The answers of calls that all returned, as `_answer` words each: the words
    every one begins with ('returned '), and the rest of each."""
    # most functions return plain values on every board, whose repr is their answer
    kinds = set(map(type, values))
    plain = kinds <= PLAIN_SET or (  # or lists and tuples of them, read in one pass
        kinds <= CONTAINERS and set(map(type, chain.from_iterable(values))) <= PLAIN_SET)
    return 'returned ', list(map(repr, values) if plain else map(_value, values))


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
PLAIN_SET = frozenset(PLAIN)
STR = frozenset({str})
CONTAINERS = frozenset({list, tuple})


def _value(value: Any) -> str:
    # an unaccepted object is shown by its repr, which may hold a memory address:
    # its type is what two functions can share
    if type(value) in PLAIN:
        return repr(value)
    if type(value) in (list, tuple) and set(map(type, value)) <= PLAIN_SET:
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
