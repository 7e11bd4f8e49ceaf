from __future__ import annotations

import os
import subprocess
import sys
import time

from autograder.classroom.process_tree import descendants, kill_tree
from autograder.sandbox import proc_stat

# a parent whose grandchild sits in a session of its own, as a sandboxed child does
FAMILY = ('import subprocess, sys, time\n'
          'subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], '
          'start_new_session=True)\n'
          'time.sleep(60)\n')


def test_the_whole_family_is_ended_even_in_other_sessions() -> None:
    parent = subprocess.Popen([sys.executable, '-c', FAMILY])
    for _ in range(100):
        family = descendants(parent.pid)
        if family:
            break
        time.sleep(0.05)
    assert len(family) == 1
    kill_tree(parent.pid)
    assert parent.wait(5) == -9
    deadline = time.monotonic() + 5  # the grandchild is reaped by init once killed
    while not _ended(family[0]) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert _ended(family[0])


def _ended(pid: int) -> bool:
    """Gone, or a zombie that only waits to be reaped."""
    fields = proc_stat.fields(pid)
    return fields is None or fields[0] == b'Z'


def test_a_process_without_children_has_no_descendants() -> None:
    lonely = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])
    try:
        assert descendants(lonely.pid) == []
        assert lonely.pid in descendants(os.getpid())
    finally:
        kill_tree(lonely.pid)
        lonely.wait(5)
