"""Ending a child together with everything it started: its process group."""
from __future__ import annotations

import os
import signal


def kill_group(pid: int) -> None:
    """Kill the process group `pid` leads, if it is still there."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
