"""Reading a process's line in /proc/<pid>/stat: its parent, and its CPU time."""
from __future__ import annotations

import os

# /proc exists only where sysconf does: elsewhere (Windows) no CPU time is read at all
TICKS = os.sysconf('SC_CLK_TCK') if hasattr(os, 'sysconf') else 100


def fields(pid: int) -> list[bytes] | None:
    """The fields after the command's name (its state first), which may hold spaces
    and parentheses of its own; None when the process is gone or cannot be read."""
    try:
        with open(f'/proc/{pid}/stat', 'rb') as stat:
            return stat.read().rsplit(b')', 1)[1].split()
    except (OSError, IndexError):
        return None


def parent_of(pid: int) -> int | None:
    found = fields(pid)
    try:
        return int(found[1]) if found else None
    except (IndexError, ValueError):
        return None


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system, all threads) process `pid` has used so far;
    None when it is gone or cannot be read."""
    found = fields(pid)
    try:
        return (int(found[11]) + int(found[12])) / TICKS if found else None
    except (IndexError, ValueError):
        return None
