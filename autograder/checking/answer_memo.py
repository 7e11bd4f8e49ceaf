"""What is worked out from a whole domain's answers alone, shared between functions
that gave the same answers, for the owner of an `AnswerMemos` (see `shared_work`).

A class shares few wrong behaviours: many students' mirrors give back the same
19,683 answers, and a description or a fingerprint of those answers is the same
for each of them. It is worked out once, and found again by a digest of the answers
(see `Probe.answers_key`); answers where a call did not return, or returned an
object of a type the grader does not accept, are worked out each time.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Callable, Generic, Sequence, TypeVar

from autograder.sharing.memo import Memo

if TYPE_CHECKING:
    from autograder.checking.probe import Args, Probe

T = TypeVar('T')
MOST_BYTES = 4 * 1024 * 1024  # for each named memo
# a description: its words, and the sets of boards it names as bit masks (19,683 bits)
PER_VALUE = 8 * 1024


class ByAnswers(Generic[T]):
    """Results by the answers they were worked out from, on one domain.

    Why the key is complete: `work` reads nothing of the function but its answers on
    `domain` (each caller promises it), and the key is a digest of exactly those
    answers, each with its exact type (see `Probe.answers_key`), on a domain that is
    a constant of the grader. Two functions with the same key gave the same answers,
    so `work` gives the same for both, whoever wrote them."""

    def __init__(self, name: str) -> None:
        self._memo: Memo[tuple[T]] = Memo(name, MOST_BYTES, lambda value: PER_VALUE)

    def get(self, probe: Probe, domain: Sequence[Args], work: Callable[[], T]) -> T:
        """What `work` gives for this probe's answers on `domain`, worked out once for
        every function that answered alike there. `work` must read nothing else of
        the function than those answers."""
        key = probe.answers_key(domain)
        if key is None:
            return work()
        known = self._memo.get(key)
        if known is not None:
            return known[0]
        return self._memo.put(key, (work(),))[0]


class AnswerMemos:
    """One `ByAnswers` per thing worked out (a description of mirror, a fingerprint of
    winner), made at its first use."""

    def __init__(self) -> None:
        self._named: dict[str, ByAnswers[Any]] = {}
        self._lock = threading.Lock()

    def named(self, name: str) -> ByAnswers[Any]:
        with self._lock:
            memo = self._named.get(name)
            if memo is None:
                memo = self._named[name] = ByAnswers(name)
            return memo
