"""Children started ahead of the files that will take them, for one owner: a batch
worker, or one submission's grading.

Starting a sandboxed child is mostly waiting (for the zygote's fork, for the child's
layers), time a grading need not spend waiting: while one file is graded, the child
for the next is started in the background. A started child holds nothing of any
student until a file is loaded into it, and each is taken by one file only and
never used again: whichever file takes it, it is as new. When a file is done, its
child is killed at once and cleared away (its folder, its groups) in the background
too. `close` stops the one started ahead and waits until every child is gone.
"""
from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from types import TracebackType

from autograder.calls.limits import Limits
from autograder.sandbox.channel import Channel, open_channel
from autograder.sandbox.isolation import Isolation


class Spares:
    """Children for files to come, each started with `limits` (see
    `calls.limits.together`: any file's own limits go with its requests)."""

    def __init__(self, isolation: Isolation, limits: Limits) -> None:
        self.isolation = isolation
        self.limits = limits
        self._lock = threading.Lock()  # a Dask worker's threads may share one owner
        self._ahead: Future[Channel] | None = None
        self._closing: list[Future[None]] = []
        self._starter = ThreadPoolExecutor(max_workers=1, thread_name_prefix='spare child')
        self._closer = ThreadPoolExecutor(max_workers=1, thread_name_prefix='closing child')

    def take(self, another: bool = True) -> Channel:
        """A started child: the one started ahead, or a new one. With `another`, the
        next is started now, in the background, for the next file."""
        with self._lock:
            ready, self._ahead = self._ahead, None
            if another:
                self._ahead = self._starter.submit(open_channel, self.limits, self.isolation)
        if ready is not None:
            try:
                return ready.result()
            except Exception:  # it failed to start: a new one says why if it fails too
                pass
        return open_channel(self.limits, self.isolation)

    def retire(self, channel: Channel) -> None:
        """Kill a child that is done with at once; clear away what it had meanwhile."""
        channel.child.kill()
        closing = self._closer.submit(channel.close)
        with self._lock:
            self._closing = [future for future in self._closing if not future.done()]
            self._closing.append(closing)

    def close(self) -> None:
        """Stop the child started ahead, and wait until every child is cleared away;
        the threads that did that work end."""
        with self._lock:
            ready, self._ahead = self._ahead, None
            closing, self._closing = self._closing, []
        if ready is not None:
            try:
                ready.result().close()
            except Exception:
                pass
        for future in closing:
            future.exception()  # waited for, however it ended
        self._starter.shutdown(wait=True)
        self._closer.shutdown(wait=True)

    def __enter__(self) -> Spares:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
