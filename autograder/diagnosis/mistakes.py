"""Known mistakes: which misconception explains a function's wrong answers.

A mistake is data: a name, a hint in a teacher's voice, and a recogniser over the
student's function (through the probe, whose answers are cached). The first
mistake of an exercise's catalogue that recognises the function is its diagnosis.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from autograder.checking.failures import Failure
from autograder.checking.probe import Args, Probe


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
    first input is asked alone, then a few, then the rest, so that a function that
    fails slowly on every input (a memory bomb, endless recursion) costs one call,
    not hundreds."""
    inputs = list(inputs)
    # cut once: a probe keeps what it worked out for a long list by the list's identity
    parts = [(start, end, inputs[start:end])
             for start, end in ((0, 1), (1, FIRST_FEW), (FIRST_FEW, len(inputs)))]
    worked_out: list[list[Any]] = []  # the model's answers, once, when first needed

    def recognise(probe: Probe) -> bool:
        if not worked_out:  # appended whole: a thread sees all of the answers or none
            worked_out.append([model(*args) for args in inputs])
        wanted = worked_out[0]
        for start, end, part in parts:
            got = probe.all_returned(part)  # None: a call did not return
            want = wanted[start:end]
            if got is None or list(map(type, got)) != list(map(type, want)) or got != want:
                return False
        return True
    return recognise


FIRST_FEW = 8
