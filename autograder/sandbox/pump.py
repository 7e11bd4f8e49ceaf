"""A child's answers read by a thread of their own, for a system whose `select` cannot
wait on a pipe (Windows' waits on sockets only): the portable floor's children.

The thread reads what the child writes into a buffer the parent takes from, and the
parent waits on the buffer, with the deadline of the request, as it would wait on the
pipe. The thread reads no further ahead than `AHEAD` bytes: a child that floods its
pipe costs the parent that much memory at most, and is stopped by its deadline as
ever. A write to the child may block where a pipe cannot be made not to block; a
watchdog kills the child at the write's deadline, which ends the write.
"""
from __future__ import annotations

import os
import threading
from typing import Callable

AHEAD = 1 << 20  # bytes read ahead of the parent, at most


class Pump:
    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._buffer = bytearray()
        self._ended = False
        self._ready = threading.Condition()
        threading.Thread(target=self._pump, name='child answers', daemon=True).start()

    def _pump(self) -> None:
        while True:
            with self._ready:
                self._ready.wait_for(lambda: len(self._buffer) < AHEAD)
            try:
                chunk = os.read(self._fd, 1 << 16)
            except OSError:  # the parent closed its end: the child is done with
                chunk = b''
            with self._ready:
                if chunk:
                    self._buffer += chunk
                else:
                    self._ended = True
                self._ready.notify_all()
            if not chunk:
                return

    def wait(self, seconds: float) -> bool:
        """Whether there is something to read (or the child's end closed) within
        `seconds`."""
        with self._ready:
            return self._ready.wait_for(lambda: bool(self._buffer) or self._ended, seconds)

    def read(self, size: int) -> bytes:
        """Up to `size` bytes read so far; b'' once the child's end is closed and all of
        it was read."""
        with self._ready:
            chunk = bytes(self._buffer[:size])
            del self._buffer[:size]
            self._ready.notify_all()
            return chunk


def watched(write: Callable[[], int], seconds: float, stop: Callable[[], None]) -> int:
    """`write()`, with a watchdog that calls `stop` once `seconds` have passed: a write
    that blocks on a child that does not read ends when the child is killed."""
    watchdog = threading.Timer(max(seconds, 0.0), stop)
    watchdog.daemon = True
    watchdog.start()
    try:
        return write()
    finally:
        watchdog.cancel()
