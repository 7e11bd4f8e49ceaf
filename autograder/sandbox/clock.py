"""The child's per-call limits: a timer that stops a call which computes, or waits,
for too long.

Standard library only, like `child.py`, which loads this file by path.
"""
from __future__ import annotations

import signal
import time
import types
from typing import Any


class CallTimeout(BaseException):
    """Raised in the student's code when one call runs past its limit; its argument
    says whether the call was waiting (a sleep) rather than computing."""

    @property
    def waited(self) -> bool:
        return bool(self.args and self.args[0])


class Clock:
    """Per-call limits without a system call per call. A timer ticks every TICK
    seconds; its handler raises CallTimeout in the running call once that call has
    computed (CPU time) for longer than its limit, or waited (real time, as in a
    sleep) for longer than its wait limit; and again after as long once more, if
    the call swallowed it. Calls are told apart by a counter, the length of the
    list their results go into, so a batch of calls pays nothing per call. It never
    raises in the code objects it is told to `spare` (the grader's own loop, between
    two calls): the next tick will, if the call is still running by then."""

    TICK = 0.02

    def __init__(self, spare: frozenset[types.CodeType] = frozenset()) -> None:
        self.spare = spare
        self.limits: tuple[float, float] | None = None  # (computing, waiting) seconds
        self.progress: list[Any] = []
        self.seen = 0
        self.cpu_from = self.wall_from = 0.0
        signal.signal(signal.SIGALRM, self._tick)
        signal.setitimer(signal.ITIMER_REAL, self.TICK, self.TICK)

    def start(self, computing: float, waiting: float, progress: list[Any] | None = None
              ) -> None:
        """Time the calls that add their results to `progress`, one at a time."""
        self.progress = progress if progress is not None else []
        self.seen = len(self.progress)
        self._restart()
        self.limits = (computing, waiting)

    def stop(self) -> None:
        self.limits = None

    def _restart(self) -> None:
        self.cpu_from, self.wall_from = time.process_time(), time.monotonic()

    def _tick(self, signum: int, frame: Any) -> None:
        if self.limits is None or (frame is not None and frame.f_code in self.spare):
            return
        done = len(self.progress)
        if done != self.seen:  # another call has begun since the last tick
            self.seen = done
            self._restart()
            return
        computing, waiting = self.limits
        if time.process_time() - self.cpu_from > computing:
            self._restart()
            raise CallTimeout(False)
        if time.monotonic() - self.wall_from > waiting:
            self._restart()
            raise CallTimeout(True)
