"""Asking after processes and ending them, by pid."""
from __future__ import annotations

import os
import signal


def kill_group(pid: int) -> None:
    """Kill the process group `pid` leads, if it is still there."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


# /proc exists only where sysconf does: elsewhere (Windows) no CPU time is read at all
TICKS = os.sysconf('SC_CLK_TCK') if hasattr(os, 'sysconf') else 100


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system, all threads) process `pid` has used so far;
    None when it is gone or cannot be read."""
    try:
        with open(f'/proc/{pid}/stat', 'rb') as stat:
            fields = stat.read().rsplit(b')', 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    except (OSError, IndexError, ValueError):
        return None
