"""Checks: small functions over a `Probe`, registered per exercise.

A check's docstring's first line is its title for students, written as a statement
that passes or fails. A check raises `Failure` (or `Mismatch`) when the student's
function is wrong. `needs` names checks that must pass first: when one of them
did not, the check is skipped with a reason, neither passed nor failed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence, TypeVar

from autograder.calls.values import Truncated, type_name
from autograder.checking.domain_answers import WHOLE_DOMAIN
from autograder.checking.failures import Call, Failure, Mismatch
from autograder.checking.probe import Args, Probe

CheckFunction = Callable[[Probe], None]
T = TypeVar('T')


@dataclass(frozen=True)
class Check:
    name: str
    title: str
    weight: int
    needs: tuple[str, ...]
    run: CheckFunction
    nudge: str
    # a habit rather than a mistake: failing it earns a note, and points only when the
    # teacher gives it a weight in grader.toml's [weights]
    advisory: bool = False


class CheckList:
    """The checks of one exercise, in the order they run."""

    def __init__(self) -> None:
        self.checks: list[Check] = []

    def add(self, weight: int, nudge: str, needs: Sequence[CheckFunction] = (),
            advisory: bool = False) -> Callable[[CheckFunction], CheckFunction]:
        """Register a check; `weight` is its share of the exercise's points (0: a gate)."""
        def register(fn: CheckFunction) -> CheckFunction:
            if not (fn.__doc__ or '').strip():
                raise ValueError(f'the check {fn.__name__} has no docstring: its first line '
                                 f'is the title students read')
            title = (fn.__doc__ or '').strip().splitlines()[0]
            self.checks.append(Check(fn.__name__, title, weight,
                                     tuple(n.__name__ for n in needs), fn, nudge, advisory))
            return fn
        return register


def require_type(call: Call, got: Any, kind: type[T]) -> T:
    """`got`, when it is exactly of type `kind` (a subclass is not enough); else fail."""
    if type(got) is not kind:
        if isinstance(got, Truncated) and got.type_name == kind.__name__:
            # cut short on the way back: its kind is right, its length cannot be
            raise Failure(f'{call} returned {article(kind.__name__)} of {got.length} '
                          f'{"characters" if kind is str else "items"}, far too long to be '
                          f'the answer', call)
        raise Failure(f'{call} returned {article(type_name(got))}, expected a '
                      f'{kind.__name__}', call)
    return got


PLAIN_TYPES = ('str', 'int', 'float', 'bool', 'list', 'tuple', 'dict', 'set', 'bytes')


def article(name: str) -> str:
    """'a list', 'an int', 'None'; a type of the student's own: 'a value of type Board'."""
    if name == 'None':
        return name
    if name not in PLAIN_TYPES:
        return f'a value of type {name}'
    return ('an ' if name[0] in 'aeiou' else 'a ') + name


def agree(probe: Probe, inputs: Sequence[Args], wanted: Sequence[Any], kind: type,
          summary: str) -> None:
    """Fail on the first input, in the order given, where the function does not return
    what `wanted` holds for it, of exactly the type `kind`.

    A whole domain whose answers agreed before is not compared again: kept in
    `probe.work.agreed` by the answers' key read from their reply (see
    `Probe.known_key`, a digest of the answers), the identity of the domain and of
    what was wanted (each kept with them, so that their ids stay theirs: both are the
    grader's constants) and the type. The same answers to the same calls agree with
    the same wanted values, whoever gave them."""
    got = probe.values(inputs)
    key = probe.known_key(inputs) if len(inputs) >= WHOLE_DOMAIN else None
    memo = probe.work.agreed
    if key is not None:
        seen = memo.get((key, id(inputs), id(wanted), kind))
        if seen is not None and seen[0] is inputs and seen[1] is wanted:
            return  # the same answers agreed before
    if got == list(wanted) and set(map(type, got)) <= {kind}:
        if key is not None:
            memo.put((key, id(inputs), id(wanted), kind), (inputs, wanted))
        return  # the common case, decided at C speed
    for args, value, want in zip(inputs, got, wanted):
        if type(value) is kind and value == want:
            continue
        call = probe.call_of(args)
        require_type(call, value, kind)
        raise Mismatch(call, want, value, summary)


def same_answers(probe: Probe, asked: Sequence[Args]) -> None:
    """Fail when asking again gives another answer than the first time."""
    first = probe.values(asked)
    again, _ = probe.again_values(asked)
    for args, before, after in zip(asked, first, again):
        if type(before) is not type(after) or before != after:
            call = probe.call_of(args)
            raise Failure(f'{call} gave {after!r} when asked again, but {before!r} the first '
                          f'time', call)


def silent(probe: Probe, args: Args) -> None:
    """Fail when the call prints anything."""
    if args in probe.quiet:
        return
    _, printed = probe.again_values([args])
    if printed:
        call = probe.call_of(args)
        raise Failure(f'{call} printed {printed[:80]!r}', call)
