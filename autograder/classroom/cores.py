"""Which core each grading worker keeps to, when the workers fill the machine.

A worker and its sandboxed child take turns: one computes while the other waits for
it. With as many workers as cores, the system's scheduler often wakes the one whose
turn it is on the core that just woke it, behind another pair, while a core sits
idle; and a pair moved from core to core finds its caches cold. Kept each to a core
of its own (a worker's zygote and children inherit it), every pair runs on its own
core, and a class is graded about a tenth sooner on two cores. With fewer workers
than cores, none is kept: the free cores take the zygotes, the spare children and
the command (workers started ahead keep what they were given, even for a class
that turns out smaller). The queue of submissions is shared, so a worker on a core
that something else also wants takes fewer of them.
"""
from __future__ import annotations

import os
import sys


def cores_for(workers: int) -> list[int | None]:
    """The core for each of so many workers; None for each when they are not kept to
    one (fewer workers than cores, or more; a system that cannot say)."""
    if sys.platform != 'linux' or not hasattr(os, 'sched_getaffinity'):  # not Linux
        return [None] * workers
    try:
        allowed = sorted(os.sched_getaffinity(0))
    except OSError:
        return [None] * workers
    if workers < 2 or workers != len(allowed):
        return [None] * workers
    return list(allowed)


def keep_to(core: int | None) -> None:
    """Keep this process, and every process it starts from now on, to `core`; a
    system that refuses (a core taken away meanwhile) leaves it free."""
    if core is None or sys.platform != 'linux' or not hasattr(os, 'sched_setaffinity'):
        return
    try:
        os.sched_setaffinity(0, {core})
    except OSError:
        pass
