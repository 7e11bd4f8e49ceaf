"""A memo with an owner: values by key, bounded in bytes, safe between threads.

Every memo of the grader is one of these, held by a `SharedWork` (see `shared_work`),
which a batch worker or one submission's grading owns and drops with it: there is no
memo at module level. What each memo's key covers, and why that is everything its
value depends on, is argued where the memo is made.

The bound is in bytes as `size` estimates them (from what is known cheaply: a reply's
length, a count of answers), never in entries: a student decides how large what they
send is, not how many of it there are. The oldest values go first.
"""
from __future__ import annotations

import threading
from typing import Callable, Generic, Hashable, TypeVar

V = TypeVar('V')
O = TypeVar('O')


class Memo(Generic[V]):
    """Up to `most_bytes` of values by key; a value larger than a quarter of that is
    never kept (one forged reply must not push out everything else)."""

    def __init__(self, name: str, most_bytes: int, size: Callable[[V], int]) -> None:
        self.name = name
        self.most_bytes = most_bytes
        self._size = size
        self._kept: dict[Hashable, tuple[V, int]] = {}
        self._bytes = 0
        self._lock = threading.Lock()

    @property
    def kept_bytes(self) -> int:
        """The estimated size of what is kept now."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: Hashable) -> V | None:
        found = self._kept.get(key)
        return None if found is None else found[0]

    def put(self, key: Hashable, value: V, size: int | None = None) -> V:
        """Keep `value` (unless it is too large to); give it back either way. `size`,
        where the caller knows it better than the memo's estimate."""
        cost = self._size(value) if size is None else size
        if cost > self.most_bytes // 4:
            return value
        with self._lock:
            old = self._kept.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            while self._kept and self._bytes + cost > self.most_bytes:
                _, (_, freed) = _oldest(self._kept)
                self._bytes -= freed
            self._kept[key] = (value, cost)
            self._bytes += cost
        return value

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._bytes = 0


def _oldest(kept: dict[Hashable, tuple[V, int]]) -> tuple[Hashable, tuple[V, int]]:
    key = next(iter(kept))
    return key, kept.pop(key)


class ByIdentity(Generic[O, V]):
    """Values worked out for objects the grader made and never changes (a domain's list
    of calls), by the object itself: each kept with its object, so that its id stays
    its own, and found again only for that very object."""

    def __init__(self, name: str, most_bytes: int, size: Callable[[O, V], int]) -> None:
        self._memo: Memo[tuple[O, V]] = Memo(name, most_bytes, lambda kept: size(*kept))

    def get(self, thing: O, more: Hashable = None) -> V | None:
        kept = self._memo.get((id(thing), more))
        return kept[1] if kept is not None and kept[0] is thing else None

    def put(self, thing: O, value: V, more: Hashable = None) -> V:
        self._memo.put((id(thing), more), (thing, value))
        return value

    @property
    def kept_bytes(self) -> int:
        return self._memo.kept_bytes
