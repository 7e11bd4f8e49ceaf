"""One child for all the files of a submission, each loaded in a namespace of its own.

Starting a sandboxed child costs more than most exercises' own grading, so the files
of one submission share one. Each file keeps its own account (its time budget, its
output, how it ended) in its `StudentProcess`; their requests take turns on the
shared child and name their file. Should the shared child die, whoever caused it,
every file goes on in a fresh child of its own, loaded again and asked again, in
order, all it had been asked (so that what its functions keep between calls is as it
was), then the request that failed: a crash still sinks only the exercise that caused
it, as if each file had had its own child from the start. A request that runs past
its own file's limits is that file's hang: it ends that file's grading, as alone,
and the other files go on in children of their own.
"""
from __future__ import annotations

import atexit
import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from types import TracebackType
from typing import Callable, TypeVar

from .isolation import Isolation
from .launch import Launched
from .limits import Limits


@dataclass
class Channel:
    """A started child and the parent's ends of its two pipes."""

    to_child: int  # not blocking: a child that stops reading costs its deadline only
    from_child: int
    child: Launched
    closed: bool = False
    unread: bytes = b''  # read from the child with a header, ahead of its message
    # where a pipe cannot be made not to block (Windows), each write waits its turn
    blocking: bool = False

    def close(self) -> None:
        """Kill the child, close the pipes and clear away what it had: once, however
        often it is asked (an fd closed twice may be someone else's by then)."""
        if self.closed:
            return
        self.closed = True
        self.child.kill()
        close_all([self.to_child, self.from_child])
        self.child.finish()


def open_channel(limits: Limits, isolation: Isolation) -> Channel:
    to_child_r, to_child = os.pipe()
    from_child, from_child_w = os.pipe()
    try:
        child = isolation.launch(limits, (to_child_r, from_child_w), from_child)
    except BaseException:
        close_all([to_child, from_child])
        raise
    finally:
        close_all([to_child_r, from_child_w])
    try:
        os.set_blocking(to_child, False)
    except (AttributeError, OSError):  # where pipes cannot say so (Windows)
        return Channel(to_child, from_child, child, blocking=True)
    return Channel(to_child, from_child, child)


class SharedChild:
    """The child the files of one submission share. Use as a context manager, around
    every `StudentProcess` that uses it. With `spare`, the next submission's child is
    started now, while this one is graded (see `take_spare`)."""

    def __init__(self, limits: list[Limits], isolation: Isolation, spare: bool = False
                 ) -> None:
        self.turn = threading.Lock()  # one request at a time: the child is one thread
        self.working = True
        self.spare = spare
        self.channel = take_spare(together(limits), isolation, spare)

    def fail(self) -> None:
        """It died or hung: no file uses it any more."""
        self.working = False
        self.channel.child.kill()

    def __enter__(self) -> SharedChild:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if not self.spare:
            self.channel.close()
            return
        self.channel.child.kill()  # at once; its folder and groups are cleared meanwhile
        closing = _CLOSER.run(self.channel.close)
        with _spare_lock:
            _closing[:] = [future for future in _closing if not future.done()] + [closing]


T = TypeVar('T')


class _Helper:
    """One thread that runs what it is given, in order, until `stop`: a thread started
    for each child cost several times as much as the work it did. A process forked
    from one with a helper starts its own (the parent's thread is not in the fork)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._lock = threading.Lock()
        self._owner = 0  # the process whose pool this is
        self._pool: ThreadPoolExecutor | None = None

    def run(self, task: Callable[[], T]) -> Future[T]:
        with self._lock:
            if self._pool is None or self._owner != os.getpid():
                self._owner = os.getpid()
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.name)
            return self._pool.submit(task)

    def stop(self) -> None:
        """End the thread once what it was given is done (at the end of a batch: a
        command that goes on to fork workers must be one thread again)."""
        with self._lock:
            if self._owner != os.getpid():
                return
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)


_STARTER = _Helper('spare child')
_CLOSER = _Helper('closing child')
# a child started ahead for the next submission of a batch, with what it was started for
_spare: tuple[Isolation, Limits, Future[Channel]] | None = None
_spare_lock = threading.Lock()
_closing: list[Future[None]] = []  # children of a batch being cleared away


def take_spare(limits: Limits, isolation: Isolation, again: bool) -> Channel:
    """A started child: the spare started ahead for these limits, or a new one. With
    `again`, the next spare starts now, in the background: starting a child is mostly
    waiting for the zygote and the child's layers, time a batch need not wait out."""
    global _spare
    with _spare_lock:
        ready, _spare = _spare, None
        if again:
            _spare = (isolation, limits, _start(limits, isolation))
    if ready is not None:
        kept_for, kept_limits, future = ready
        if kept_for is isolation and kept_limits == limits:
            try:
                return future.result()
            except Exception:  # it failed to start: a new one says why if it fails too
                pass
        else:
            _close(future)
    return open_channel(limits, isolation)


def drop_spare() -> None:
    """Stop the spare child, if there is one, and wait until every child of the batch
    is cleared away (at the end of a batch); the threads that did that work end."""
    global _spare
    with _spare_lock:
        ready, _spare = _spare, None
        closing, _closing[:] = list(_closing), []
    if ready is not None:
        _close(ready[2])
    for future in closing:
        future.exception()  # waited for, however it ended
    _STARTER.stop()
    _CLOSER.stop()


def _start(limits: Limits, isolation: Isolation) -> Future[Channel]:
    return _STARTER.run(lambda: open_channel(limits, isolation))


def _close(future: Future[Channel]) -> None:
    try:
        future.result().close()
    except Exception:
        pass


atexit.register(drop_spare)


def together(limits: list[Limits]) -> Limits:
    """Limits for a child holding several files: each file's own time limits go with
    its requests; the process as a whole may compute for all their budgets."""
    return Limits(call_seconds=max(l.call_seconds for l in limits),
                  load_seconds=max(l.load_seconds for l in limits),
                  file_seconds=sum(l.file_seconds for l in limits),
                  memory_mb=max(l.memory_mb for l in limits),
                  output_kb=max(l.output_kb for l in limits),
                  file_kb=max(l.file_kb for l in limits))


def close_all(fds: list[int]) -> None:
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass
