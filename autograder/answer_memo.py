"""What is worked out from a whole domain's answers alone, shared between functions
that gave the same answers.

A class shares few wrong behaviours: many students' mirrors give back the same
19,683 answers, and a description or a fingerprint of those answers is the same
for each of them. It is worked out once per batch worker, and found again by a
digest of the answers (see `Probe.answers_key`); answers where a call did not
return, or returned an object of a type the grader does not accept, are worked out
each time.
"""
from __future__ import annotations

from typing import Callable, Generic, Sequence, TypeVar

from .probe import Args, Probe

T = TypeVar('T')
KEPT = 2000  # behaviours; a description or a fingerprint is small


class ByAnswers(Generic[T]):
    """Results by the answers they were worked out from, on one domain."""

    def __init__(self) -> None:
        self._found: dict[bytes, T] = {}

    def get(self, probe: Probe, domain: Sequence[Args], work: Callable[[], T]) -> T:
        """What `work` gives for this probe's answers on `domain`, worked out once for
        every function that answered alike there. `work` must read nothing else of
        the function than those answers."""
        key = probe.answers_key(domain)
        if key is None:
            return work()
        if key not in self._found:
            if len(self._found) >= KEPT:
                self._found.clear()
            self._found[key] = work()
        return self._found[key]
