"""Known mistakes: which misconception explains a function's wrong answers.

A mistake is data: a name, a hint in a teacher's voice, and a recogniser over the
student's function (through the probe, whose answers are cached). The first
mistake of an exercise's catalogue that recognises the function is its diagnosis.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .failures import Failure
from .probe import Args, Probe
from .sandbox.outcomes import Returned


@dataclass(frozen=True)
class Mistake:
    name: str
    hint: str
    recognise: Callable[[Probe], bool]


def diagnose(catalogue: Iterable[Mistake], probe: Probe) -> Mistake | None:
    for mistake in catalogue:
        try:
            if mistake.recognise(probe):
                return mistake
        except Failure:
            continue
    return None


def behaves_like(model: Callable[..., Any], inputs: Iterable[Args]) -> Callable[[Probe], bool]:
    """A recogniser: the function returns what `model` returns, on every input given.

    Exact types count: a model that returns a list is matched only by a list. The
    first few inputs are asked alone, so that a function that fails slowly on every
    input (a memory bomb, endless recursion) costs a few calls, not hundreds."""
    inputs = list(inputs)

    def recognise(probe: Probe) -> bool:
        for part in (inputs[:FIRST_FEW], inputs[FIRST_FEW:]):
            for args, outcome in zip(part, probe.outcomes(part)):
                if not isinstance(outcome, Returned):
                    return False
                want = model(*args)
                if type(outcome.value) is not type(want) or outcome.value != want:
                    return False
        return True
    return recognise


FIRST_FEW = 8
