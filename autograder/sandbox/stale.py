"""Clearing away what graders that were killed left behind: a grader's run folder is
named for its pid, and one whose grader is gone is removed by the next run."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterable

from autograder.sandbox.removal import remove_tree

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


def left_by_the_gone(found: Iterable[Path], field: int) -> list[Path]:
    """Of these things a grader made (a run folder, a control group), named with its
    pid as their `field`-th dash-separated part, those whose grader is gone: the one
    test of what is stale, for every kind of leftover."""
    gone = []
    try:
        for path in found:
            parts = path.name.split('-')
            if len(parts) > field and parts[field].isdigit() and not alive(int(parts[field])):
                gone.append(path)
    except OSError:  # the folder could not be read: nothing is cleared this time
        pass
    return gone


def clear_stale(temp: Path) -> None:
    """Remove the run folders of graders that were killed before they could. One that
    will not go is left for another time: it must never stop this run."""
    for folder in left_by_the_gone(temp.glob(f'{RUN_PREFIX}*-*'), 2):
        try:
            if not hasattr(os, 'geteuid') or folder.lstat().st_uid == os.geteuid():
                remove_tree(folder)
        except OSError:
            continue
