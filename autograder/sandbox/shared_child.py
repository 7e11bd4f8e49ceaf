"""One child for all the files of a submission, each loaded in a namespace of its own.

Starting a sandboxed child costs more than most exercises' own grading, so the files
of one submission share one. Each file keeps its own account (its time budget, its
output, how it ended) in its `StudentProcess`; their requests take turns on the
shared child and name their file. Should the shared child die or hang, whoever
caused it, every file goes on in a fresh child of its own (loaded again, with the
request that failed asked again there), so that a crash or a hang still sinks only
the exercise that caused it, exactly as if each file had had its own child from the
start.
"""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from types import TracebackType

from .isolation import Isolation
from .launch import Launched
from .limits import Limits


@dataclass
class Channel:
    """A started child and the parent's ends of its two pipes."""

    to_child: int
    from_child: int
    child: Launched

    def close(self) -> None:
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
    return Channel(to_child, from_child, child)


class SharedChild:
    """The child the files of one submission share. Use as a context manager, around
    every `StudentProcess` that uses it."""

    def __init__(self, limits: list[Limits], isolation: Isolation) -> None:
        self.turn = threading.Lock()  # one request at a time: the child is one thread
        self.working = True
        self.channel = open_channel(together(limits), isolation)

    def fail(self) -> None:
        """It died or hung: no file uses it any more."""
        self.working = False
        self.channel.child.kill()

    def __enter__(self) -> SharedChild:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.channel.close()


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
