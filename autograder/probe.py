"""The student's function as the checks see it.

Every call goes to the child; answers are cached by their arguments, so checks
and the mistake catalogue can ask for the same inputs without paying twice.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .failures import Call, Failure
from .sandbox.outcomes import Died, NotTried, Outcome, Raised, Returned, TimedOut
from .sandbox.process import StudentProcess
from .sandbox.values import Value

Args = tuple[Any, ...]

RAISED_HINT = ('Your function stopped with an error. Paste the call above into Python to see '
               'the error and the line it comes from.')
INPUT_HINT = 'Your function calls input(), but nobody is there to type: take input() out.'
SLOW_HINT = ('It took too long: look for a loop that never ends, such as a while loop whose '
             'condition never becomes False.')
DIED_HINT = ("The whole program stopped: don't call exit() or quit(), and look for a "
             "function that calls itself without end.")


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
        self._cache: dict[Args, Outcome] = {}
        # calls lost when the child died during a batch: which one killed it is unknown
        self._lost_in_batch: dict[Args, int] = {}

    @property
    def timed_out(self) -> bool:
        return any(isinstance(outcome, TimedOut) for outcome in self._cache.values())

    def call_of(self, args: Args) -> Call:
        return Call(self.function, args)

    def outcomes(self, args_list: Sequence[Args]) -> list[Outcome]:
        """The outcome of each call, asking the child only for ones not yet known."""
        cache = self._cache
        missing = [a for a in args_list if a not in cache]
        if missing:
            missing = list(dict.fromkeys(missing))
            results, _ = self.process.call(self.function, missing)
            self._remember_losses(missing, results)
            if not any(type(o) is NotTried for o in results[-1:]):
                cache.update(zip(missing, results))
            else:  # a call not tried may be tried again by a later check
                answered = dict(zip(missing, results))
                cache.update((a, o) for a, o in answered.items() if type(o) is not NotTried)
                return [answered[a] if a in answered else cache[a] for a in args_list]
        return list(map(cache.__getitem__, args_list))

    def fresh(self, args_list: Sequence[Args], patch: dict[str, Any] | None = None
              ) -> tuple[list[Outcome], str]:
        """Call again, bypassing the cache: for repeatability, output and variants."""
        results, printed = self.process.call(self.function, list(args_list), patch)
        self._remember_losses(list(args_list), results)
        return results, printed

    def fresh_values(self, args_list: Sequence[Args]) -> tuple[list[Value], str]:
        """`fresh`, where a call that did not return fails the check."""
        results, printed = self.fresh(args_list)
        return [self.returned(args, outcome) for args, outcome in zip(args_list, results)], \
            printed

    def values(self, args_list: Sequence[Args]) -> list[Value]:
        """The values returned, in order; the first call that did not return fails the check."""
        return [outcome.value if type(outcome) is Returned else self.returned(args, outcome)
                for args, outcome in zip(args_list, self.outcomes(args_list))]

    def value(self, *args: Any) -> Value:
        return self.values([args])[0]

    def returned(self, args: Args, outcome: Outcome) -> Value:
        """The value of a call that returned; a `Failure` that says what happened otherwise,
        with a hint for that kind of trouble."""
        if isinstance(outcome, Returned):
            return outcome.value
        call = self.call_of(args)
        if isinstance(outcome, Raised):
            hint = INPUT_HINT if outcome.type_name == 'EOFError' else RAISED_HINT
            raise Failure(f'{call} {outcome.describe()}', call, hint)
        if isinstance(outcome, (TimedOut, NotTried)):
            raise Failure(f'{call} {outcome.describe()}', call, SLOW_HINT)
        lost = self._lost_in_batch.get(args)
        if lost:
            raise Failure(f'{self.function} stopped the program while answering {lost} calls '
                          f'in a row, so which call did it is not known: {outcome.describe()}',
                          hint=DIED_HINT)
        raise Failure(f'{call} stopped the program: {outcome.describe()}', call, DIED_HINT)

    def _remember_losses(self, args_list: list[Args], results: list[Outcome]) -> None:
        if len(args_list) > 1 and results and isinstance(results[-1], Died):
            for args, outcome in zip(args_list, results):
                if isinstance(outcome, Died):
                    self._lost_in_batch.setdefault(args, len(args_list))
