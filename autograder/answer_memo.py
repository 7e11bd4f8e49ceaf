"""What is worked out from a whole domain's answers alone, shared between functions
that gave the same answers.

A class shares few wrong behaviours: many students' mirrors give back the same
19,683 answers, and a description or a fingerprint of those answers is the same
for each of them. It is worked out once, and found again by a digest of the answers
(see `Probe.answers_key`); answers where a call did not return, or returned an
object of a type the grader does not accept, are worked out each time.

A batch's workers share what they work out (`sharing`, `learned`, `teach`): the
command passes on what one worker learned to the others with their next jobs, so a
behaviour met by two workers is mostly worked out by one. What is shared is only
ever a value worked out from answers by the grader itself, under the digest of those
answers: nothing a student's code can choose but its answers.
"""
from __future__ import annotations

from typing import Any, Callable, Generic, Sequence, TypeVar

from .probe import Args, Probe

T = TypeVar('T')
KEPT = 2000  # behaviours; a description or a fingerprint is small
Learned = tuple[str, bytes, Any]  # a memo's name, the answers' digest, the value

_NAMED: dict[str, ByAnswers[Any]] = {}
# what this process worked out since `learned` was last asked; None while it shares
# nothing (a program that grades in threads, a student's own check)
_LEARNED: list[Learned] | None = None


class ByAnswers(Generic[T]):
    """Results by the answers they were worked out from, on one domain. A named memo
    (see `named`) is one a batch's workers share."""

    def __init__(self, name: str | None = None) -> None:
        self.name = name
        self._found: dict[bytes, T] = {}

    def get(self, probe: Probe, domain: Sequence[Args], work: Callable[[], T]) -> T:
        """What `work` gives for this probe's answers on `domain`, worked out once for
        every function that answered alike there. `work` must read nothing else of
        the function than those answers."""
        key = probe.answers_key(domain)
        if key is None:
            return work()
        if key in self._found:
            return self._found[key]
        value = work()
        self.keep(key, value)
        if self.name is not None and _LEARNED is not None:
            _LEARNED.append((self.name, key, value))
        return value

    def keep(self, key: bytes, value: T) -> None:
        """Keep what was worked out for the answers of this digest (unless it is kept)."""
        if key in self._found:
            return
        if len(self._found) >= KEPT:
            self._found.clear()
        self._found[key] = value


def named(name: str) -> ByAnswers[Any]:
    """The memo of this name, made at its first use (here, or as a worker is taught)."""
    memo = _NAMED.get(name)
    if memo is None:
        memo = _NAMED[name] = ByAnswers(name)
    return memo


def sharing() -> None:
    """From now on, keep what the named memos work out for `learned`: for a batch
    worker, which hands it on after every job."""
    global _LEARNED
    if _LEARNED is None:
        _LEARNED = []


def learned() -> list[Learned]:
    """What the named memos worked out here since the last time this was asked."""
    global _LEARNED
    if not _LEARNED:
        return []
    found, _LEARNED = _LEARNED, []
    return found


def teach(entries: Sequence[Learned]) -> None:
    """Keep what another worker worked out, as if it had been worked out here."""
    for name, key, value in entries:
        named(name).keep(key, value)
