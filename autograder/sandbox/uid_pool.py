"""Unprivileged uids for children started as root: one per running child."""
from __future__ import annotations

import os
import threading

from autograder.errors import GraderError

UID_SLOTS = 64


class UidPool:
    """Unprivileged uids, one per running child, so no two children share one. The
    range depends on our pid, so that graders running side by side do not meet.

    `shared`: every child gets the same one (the uid layer turned off, as root: the
    children may meet each other as they would under an ordinary user, but none of
    them is ever root)."""

    def __init__(self, shared: bool = False) -> None:
        self.base = 100_000 + (os.getpid() % 20_000) * UID_SLOTS
        self.unique = not shared
        self._free = list(range(self.base, self.base + (UID_SLOTS if self.unique else 1)))
        self._lock = threading.Lock()

    def take(self) -> int:
        if not self.unique:
            return self.base
        with self._lock:
            if not self._free:
                raise GraderError(f'more than {UID_SLOTS} children at once: no uid left')
            return self._free.pop()

    def give_back(self, uid: int) -> None:
        if not self.unique:
            return
        with self._lock:
            self._free.append(uid)
