"""Explaining a failing function that no known mistake matches, from what it really did.

`explain` describes where the function goes wrong on its exercise's whole domain
(all boards, all positions, both calls of count_boxes) and picks, for each failed
check, a hint that speaks of what the function returned at that check's call.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from autograder.calls.outcomes import Returned
from autograder.checking.failures import Failure
from autograder.checking.probe import Args, Probe
from autograder.diagnosis.description import Description
from autograder.exercises.spec import Exercise

__all__ = ['Description', 'Explanation', 'explain']


@dataclass(frozen=True)
class Explanation:
    description: Description | None
    hints: dict[str, str] = field(default_factory=dict)  # check name -> hint

    def hint(self, check: str) -> str | None:
        return self.hints.get(check)

    @property
    def text(self) -> str | None:
        return self.description.text if self.description else None




def explain(exercise: Exercise, statuses: Mapping[str, Any], probe: Probe,
            changes: Description | None = None) -> Explanation:
    """The description of where the function is wrong, and a hint for each failed check
    that the description or the returned value can speak to. `changes`, when the
    answers depend on earlier calls (see `state`), is the description and every hint."""
    if changes:
        return Explanation(changes, {name: changes.text for name, status in statuses.items()
                                     if isinstance(status, Failure)})
    described = exercise.describe(probe) if exercise.describe else None
    hints: dict[str, str] = {}
    for check in exercise.checks:
        status = statuses.get(check.name)
        if isinstance(status, Failure):
            hint = _hint(exercise, status, described, probe)
            if hint:
                hints[check.name] = hint
    return Explanation(described, hints)


def _hint(exercise: Exercise, failure: Failure, described: Description | None, probe: Probe
          ) -> str | None:
    call = failure.call
    if call is None or call.function != probe.function:
        return None
    # what is wrong first, in one short sentence: the form of the value, else where the
    # function goes wrong; the check's own advice after them
    said: list[str] = []
    outcome = probe.outcomes([call.args])[0]
    if isinstance(outcome, Returned) and not (described and described.about_form):
        form = exercise.about_value(outcome.value)
        if form:
            said.append(form)
    # the description speaks of the inputs where the function is wrong: it cannot explain
    # a failure at an input of its domain where the function is right
    where = _index(exercise.domain).get(call.args)
    if described and (where is None or described.wrong >> where & 1) and \
            (described.telling or not said and not failure.hint):
        said.append(described.text)
    if failure.hint:
        said.append(failure.hint)
    return ' '.join(said) if said else None


@lru_cache(maxsize=None)
def _index(domain: Callable[[], Sequence[Args]]) -> dict[Args, int]:
    """Each input's place in an exercise's domain: a constant of the exercise."""
    return {args: i for i, args in enumerate(domain())}
