"""What the wire carries, worked out once by the owner of a `WireMemo` (a batch
worker, or one submission's grading): big replies read, and long batches of calls
put in their wire form.

A class shares few behaviours: many children send back the very same bytes for a
whole domain (19,683 answers for mirror, right and wrong alike). A big reply is known
by a digest of its bytes, and what the parent read from it the first time is given
again: the same objects, shared, so whoever reads them must never change them. The
grader asks every mirror the same 19,683 boards, put in their wire form once.
"""
from __future__ import annotations

import hashlib
from typing import Any, Sequence

from autograder.calls.outcomes import Answers
from autograder.sandbox.inside import wire
from autograder.sharing.memo import Memo

# smaller replies are read afresh: that is quicker than a digest and a look-up
FROM_BYTES = 1 << 15
# a batch worker's: some thirty whole domains of mirror answers read, and their
# parses; a student who sends many large replies, all different, pushes out older
# ones, and the worker keeps no more than this
MOST_BYTES = 48 * 1024 * 1024
SENT_BYTES = 8 * 1024 * 1024  # a few long batches of the grader's own calls
# what Python spends on each value a reply's answers are read into, beyond its text:
# a short str object and its place in a list
PER_ANSWER = 80
# long batches of calls in their wire form, each with its calls (see `call_requests`)
Sent = Memo[tuple[Sequence[Sequence[Any]], dict[str, Any]]]


def digest(body: bytes) -> bytes | None:
    """The key of a reply's bytes, when it is big enough to be kept: SHA-256, which
    most processors now compute in hardware (twice as fast as BLAKE2 on 200 kB, on a
    machine that does), cut to as many bytes as the grader's other keys, after a tag
    of its own."""
    if len(body) < FROM_BYTES:
        return None
    hashed = hashlib.sha256(b'hexgrade-reply\0')
    hashed.update(body)
    return hashed.digest()[:16]


class WireMemo:
    """Big replies parsed, and read as answers to a batch of calls; long batches of
    calls in their wire form.

    Why the keys are complete. A parsed reply is `json.loads` of its bytes and of
    nothing else, and its key is a digest of those bytes. Answers read from a reply
    depend on its bytes, on how many calls it answers (a reply that does not answer
    that many is unreadable) and on the time limit the calls ran under (which a
    timeout says it took): the key is those three. What a file printed is in the
    bytes, but each reader cuts it to its own file's limit (see `StudentProcess.call`),
    so that part is never shared. Nothing else (which student, which file, what the
    parent did before) shapes either value: any two children that send the same bytes
    get the same objects. A batch of calls is the grader's own, and its wire form is
    worked out from those calls alone: it is kept with them, and found again only for
    the very same argument tuples, call by call (see `call_requests.arguments`)."""

    def __init__(self, most_bytes: int = MOST_BYTES) -> None:
        self.parsed: Memo[dict[str, Any]] = Memo('parsed replies', most_bytes // 2,
                                                lambda message: FROM_BYTES)
        self.read: Memo[Answers] = Memo('answers read from replies', most_bytes // 2,
                                        lambda answers: FROM_BYTES)
        self.sent: Sent = Memo('batches of calls in their wire form', SENT_BYTES,
                               lambda kept: PER_ANSWER * len(kept[0]) +
                               len(kept[1].get('joined', '')))

    @property
    def kept_bytes(self) -> int:
        return self.parsed.kept_bytes + self.read.kept_bytes + self.sent.kept_bytes

    def parse(self, key: bytes, body: bytes, cost: int) -> dict[str, Any]:
        """The reply of these bytes (`key` their digest), parsed once; `cost` is what
        parsing it takes in memory (see `json_cost`)."""
        known = self.parsed.get(key)
        return known if known is not None else self.parsed.put(key, wire.parse(body), cost)

    def answers(self, key: tuple[bytes, int, float]) -> Answers | None:
        return self.read.get(key)

    def keep_answers(self, key: tuple[bytes, int, float], answers: Answers,
                     body_bytes: int) -> Answers:
        return self.read.put(key, answers, body_bytes + PER_ANSWER * key[1])
