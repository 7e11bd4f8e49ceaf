"""A progress bar for a terminal: done/total, rate and time left, on one line."""
from __future__ import annotations

import time
from typing import IO

WIDTH = 28


class ProgressBar:
    """Redraws one line of `stream`; draws nothing when `stream` is not a terminal."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.shown = stream.isatty()
        self.started = time.monotonic()
        self._first_done: int | None = None  # records from the cache skew the rate

    def update(self, done: int, total: int) -> None:
        if not self.shown:
            return
        self.stream.write('\r' + line(done, total, self._rate(done)) + '\033[K')
        self.stream.flush()

    def finish(self) -> None:
        if self.shown:
            self.stream.write('\r\033[K')
            self.stream.flush()

    def _rate(self, done: int) -> float | None:
        if self._first_done is None:
            self._first_done = done
            self.started = time.monotonic()
            return None
        elapsed = time.monotonic() - self.started
        graded = done - self._first_done
        return graded / elapsed if graded and elapsed > 0 else None


def line(done: int, total: int, rate: float | None) -> str:
    """`[#####.....]  12/300  25.0/s  12 s left`, or `--/s` before any rate is known."""
    filled = WIDTH * done // total if total else WIDTH
    bar = '#' * filled + '.' * (WIDTH - filled)
    if rate is None:
        return f'[{bar}] {done}/{total}  --/s'
    left = (total - done) / rate
    return f'[{bar}] {done}/{total}  {rate:.1f}/s  {_duration(left)} left'


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        return f'{seconds} s'
    return f'{seconds // 60} min {seconds % 60:02d} s'
