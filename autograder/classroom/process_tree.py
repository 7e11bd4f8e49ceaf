"""Ending a worker together with every process it started.

A worker stopped midway leaves its sandbox behind: the zygote and the children it
forked live in sessions and namespaces of their own, so no process group reaches
them. They are found through their parents in /proc and ended with the worker.
"""
from __future__ import annotations

import os
import signal

from autograder.sandbox import parent_of


def kill_tree(pid: int) -> None:
    """SIGKILL `pid` and all its descendants (only `pid` where /proc is missing)."""
    doomed = [pid, *descendants(pid)]  # listed before the kill: orphans lose their parent
    for each in doomed:
        try:
            os.kill(each, getattr(signal, 'SIGKILL', signal.SIGTERM))  # SIGTERM: Windows
        except (ProcessLookupError, PermissionError):
            pass


def descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir('/proc')
    except OSError:
        return []
    for entry in entries:
        parent = parent_of(int(entry)) if entry.isdigit() else None
        if parent is not None:  # else gone meanwhile, or not ours to read
            children.setdefault(parent, []).append(int(entry))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found
