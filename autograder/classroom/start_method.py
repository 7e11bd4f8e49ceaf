"""How a grading worker starts: forked from the command where that is safe, else as
a fresh interpreter."""
from __future__ import annotations

import multiprocessing
import os
import sys
import threading


if sys.platform == 'win32':
    Context = multiprocessing.context.SpawnContext
else:
    Context = multiprocessing.context.ForkContext | multiprocessing.context.SpawnContext


def context() -> Context:
    """How a worker starts. Forked on Linux while the command is one thread: it then
    has the grader's modules loaded already, where a fresh interpreter spends a
    fifth of a second of each core loading them again, and spawn starts a tracker
    process besides. The command has run no student code and holds nothing a worker
    may not. Spawned elsewhere (no fork on Windows; on macOS, system libraries may
    not survive one), and in a command running other threads: a fork copies only
    the thread that made it, and a lock another one held stays held for good."""
    if sys.platform == 'linux' and threads() == 1:
        return multiprocessing.get_context('fork')
    return multiprocessing.get_context('spawn')


def threads() -> int:
    """The command's threads, as the system counts them: those a C extension started
    too, which `threading` does not know of."""
    try:
        return len(os.listdir('/proc/self/task'))
    except OSError:
        return threading.active_count()
