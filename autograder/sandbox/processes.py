"""Asking after processes and ending them, by pid."""
from __future__ import annotations

import os
import signal


def alive(pid: int) -> bool:
    """Whether a process with this pid exists (perhaps another user's)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def kill_group(pid: int) -> None:
    """Kill the process group `pid` leads, if it is still there."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
