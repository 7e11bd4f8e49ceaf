"""A started child and the parent's ends of its two pipes."""
from __future__ import annotations

import os
from dataclasses import dataclass

from autograder.sandbox.isolation import Isolation
from autograder.sandbox.launch import Launched
from autograder.sandbox.limits import Limits


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


def together(limits: list[Limits]) -> Limits:
    """Limits for a child that may hold any of several exercises' files (one started
    before it is known which): each file's own time limits go with its requests; the
    process as a whole is held to the largest of each of the others, and to all their
    time budgets together for its computing (the parent stops it far sooner)."""
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
