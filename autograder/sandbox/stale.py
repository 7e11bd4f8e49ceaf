"""Clearing away what graders that were killed left behind: a grader's run folder is
named for its pid, and one whose grader is gone is removed by the next run."""
from __future__ import annotations

import os
from pathlib import Path

from .removal import remove_tree

RUN_PREFIX = 'hexgrade-run-'  # then the grader's pid, a dash and mkdtemp's letters


def alive(pid: int) -> bool:
    """Whether a process with this pid exists (perhaps another user's)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def clear_stale(temp: Path) -> None:
    """Remove the run folders of graders that were killed before they could. One that
    will not go is left for another time: it must never stop this run."""
    try:
        found = list(temp.glob(f'{RUN_PREFIX}*-*'))
    except OSError:
        return
    for folder in found:
        owner = folder.name.split('-')[2]
        try:
            if owner.isdigit() and not alive(int(owner)) and \
                    folder.lstat().st_uid == os.geteuid():
                remove_tree(folder)
        except OSError:
            continue
