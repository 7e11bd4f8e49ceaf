"""Ending a child together with everything it started: its process group."""
from __future__ import annotations

import os
import signal
import sys


def kill_group(pid: int) -> None:
    """Kill the process group `pid` leads, if it is still there (where there are process
    groups: not on Windows, where a child is killed alone)."""
    if sys.platform == 'win32' or not hasattr(os, 'killpg'):
        return
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
