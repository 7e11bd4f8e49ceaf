"""The student's function as the checks see it.

Every call goes to the child; answers are cached by their arguments, so checks
and the mistake catalogue can ask for the same inputs without paying twice.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .failures import Call, Failure
from .sandbox.outcomes import Outcome, Returned, TimedOut
from .sandbox.process import StudentProcess
from .sandbox.values import Value

Args = tuple[Any, ...]


@dataclass(frozen=True)
class PropertySettings:
    """How hard property-based checks look: Hypothesis' example budget and seed."""

    max_examples: int = 50
    seed: int = 0


class Probe:
    def __init__(self, process: StudentProcess, function: str,
                 properties: PropertySettings) -> None:
        self.process = process
        self.function = function
        self.properties = properties
        self.printed = ''
        self._cache: dict[Args, Outcome] = {}

    @property
    def timed_out(self) -> bool:
        return any(isinstance(outcome, TimedOut) for outcome in self._cache.values())

    def call_of(self, args: Args) -> Call:
        return Call(self.function, args)

    def outcomes(self, args_list: Sequence[Args]) -> list[Outcome]:
        """The outcome of each call, asking the child only for ones not yet known."""
        missing = list(dict.fromkeys(a for a in args_list if a not in self._cache))
        if missing:
            results, printed = self.process.call(self.function, missing)
            self.printed += printed
            self._cache.update(zip(missing, results))
        return [self._cache[a] for a in args_list]

    def fresh(self, args_list: Sequence[Args], patch: dict[str, Any] | None = None
              ) -> tuple[list[Outcome], str]:
        """Call again, bypassing the cache: for repeatability, output and variants."""
        results, printed = self.process.call(self.function, list(args_list), patch)
        return results, printed

    def values(self, args_list: Sequence[Args]) -> list[Value]:
        """The values returned, in order; the first call that did not return fails the check."""
        return [outcome.value if type(outcome) is Returned else
                returned(self.call_of(args), outcome)
                for args, outcome in zip(args_list, self.outcomes(args_list))]

    def value(self, *args: Any) -> Value:
        return self.values([args])[0]


def returned(call: Call, outcome: Outcome) -> Value:
    """The value of a call that returned; a `Failure` that says what happened otherwise."""
    if isinstance(outcome, Returned):
        return outcome.value
    raise Failure(f'{call} {outcome.describe()}', call)
