"""The child's per-call limits: a timer that stops a call which computes, or waits,
for too long.

Standard library only, like `child.py`, which loads this file by path.
"""
from __future__ import annotations

import os
import signal
import sys
import time
import types

TYPE_CHECKING = False  # typing is not imported in a child (see child.py)
if TYPE_CHECKING:
    from typing import Any


HERE = os.path.dirname(os.path.abspath(__file__))


class CallTimeout(BaseException):
    """Raised in the student's code when one call runs past its limit; its arguments
    say whether the call was waiting (a sleep) rather than computing, and what the
    clock saw it doing in the second half of its time (see `Clock.evidence`)."""

    @property
    def waited(self) -> bool:
        return bool(self.args and self.args[0])

    @property
    def seen(self) -> dict[str, Any] | None:
        return self.args[1] if len(self.args) > 1 else None


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
    SAMPLES = 25  # the last ones kept: enough to tell a loop from a search
    FRAMES = 5000  # a stack is looked at this deep at most

    def __init__(self, spare: frozenset[types.CodeType] = frozenset(),
                 ticking: bool = True) -> None:
        self.spare = spare
        self.watched = ''  # the student's file: its frames are counted in each sample
        self.samples: list[tuple[int, int, frozenset[str]]] = []
        self.limits: tuple[float, float] | None = None  # (computing, waiting) seconds
        self.progress: list[Any] = []
        self.seen = 0
        self.cpu_from = self.wall_from = 0.0
        # without a timer signal (Windows) the clock never strikes: the parent's own
        # deadline, which kills the child, is then what stops a call
        if ticking and sys.platform != 'win32' and hasattr(signal, 'setitimer'):
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
        self.samples = []

    def _sample(self, frame: Any) -> None:
        """Where the call is: how deep in the student's own functions, on which line,
        and which functions are running."""
        depth, line, names = 0, 0, set()
        for _ in range(self.FRAMES):
            if frame is None or frame.f_code in self.spare or \
                    os.path.dirname(frame.f_code.co_filename) == HERE:
                break  # the child's own code, around the call
            names.add(frame.f_code.co_name)
            if frame.f_code.co_filename == self.watched:
                depth += 1
                line = line or frame.f_lineno
            frame = frame.f_back
        self.samples = self.samples[-self.SAMPLES + 1:] + [(depth, line, frozenset(names))]

    def evidence(self) -> dict[str, Any]:
        """What the samples show: how deep the student's functions went and how that
        changed, the lines they were on, and the functions that ran."""
        if not self.samples:
            return {}
        depths = [depth for depth, _, _ in self.samples]
        return {'first_depth': depths[0], 'depth': depths[-1], 'deepest': max(depths),
                'lines': sorted({line for _, line, _ in self.samples if line})[:8],
                'calls': sorted(set().union(*(names for _, _, names in self.samples)))[:12]}

    def _tick(self, signum: int, frame: Any) -> None:
        if self.limits is None or (frame is not None and frame.f_code in self.spare):
            return
        done = len(self.progress)
        if done != self.seen:  # another call has begun since the last tick
            self.seen = done
            self._restart()
            return
        computing, waiting = self.limits
        computed = time.process_time() - self.cpu_from
        if computed > computing / 2:
            self._sample(frame)
        if computed > computing:
            evidence = self.evidence()
            self._restart()
            raise CallTimeout(False, evidence)
        if time.monotonic() - self.wall_from > waiting:
            self._restart()
            raise CallTimeout(True)
