"""A started child and the parent's ends of its two pipes."""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from autograder.calls.limits import Limits
from autograder.sandbox.isolation import Isolation
from autograder.sandbox.launch import Launched
from autograder.sandbox.pump import Pump


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
    # where `select` cannot wait on a pipe (Windows), a thread reads the child's answers
    pump: Pump | None = None

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
    # the portable floor's children are read by a thread: on Windows nothing else
    # can wait on their pipes, and it is the same path everywhere it runs
    pump = Pump(from_child) if isolation.lacks else None
    if sys.platform == 'win32':  # a pipe that cannot be made not to block
        return Channel(to_child, from_child, child, blocking=True, pump=pump)
    try:
        os.set_blocking(to_child, False)
    except OSError:
        return Channel(to_child, from_child, child, blocking=True, pump=pump)
    return Channel(to_child, from_child, child, pump=pump)


def close_all(fds: list[int]) -> None:
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass
