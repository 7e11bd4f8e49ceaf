"""Big replies read once per worker.

A class shares few behaviours: many children send back the very same bytes for a
whole domain (19,683 answers for mirror, right and wrong alike). A big reply is
known by a digest of its bytes, and what the parent read from it the first time is
given again: the same objects, shared, so whoever reads them must never change them.
Same bytes, same answers: the digest is also a key for what is worked out from them.
"""
from __future__ import annotations

import hashlib
import threading
from typing import Generic, Hashable, TypeVar

T = TypeVar('T')
# smaller replies are read afresh: that is quicker than a digest and a look-up
FROM_BYTES = 1 << 15
# replies (or what was read from them), each of which may hold a few MiB of answers: a
# class shares a few dozen behaviours, and a wrong one seen again after a dozen others
# was read afresh (a fifth of the big replies of a class of 160)
KEPT = 32


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


class Kept(Generic[T]):
    """Up to `most` values by key, the oldest forgotten first; safe between threads (a
    Dask worker's)."""

    def __init__(self, most: int = KEPT) -> None:
        self._kept: dict[Hashable, T] = {}
        self._most = most
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> T | None:
        return self._kept.get(key)

    def put(self, key: Hashable, value: T) -> T:
        with self._lock:
            if key not in self._kept and len(self._kept) >= self._most:
                del self._kept[next(iter(self._kept))]
            self._kept[key] = value
        return value
