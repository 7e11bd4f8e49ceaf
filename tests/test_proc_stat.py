"""Reading /proc/<pid>/stat: a process's parent and CPU time, None once it is gone."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.sandbox import proc_stat

pytestmark = pytest.mark.skipif(not Path('/proc/self/stat').exists(), reason='no /proc here')


def test_a_process_with_spaces_and_parentheses_in_its_name_is_read() -> None:
    renames = "open('/proc/self/comm', 'w').write('a) b (c'); print(); input()"
    child = subprocess.Popen([sys.executable, '-c', renames], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline()  # renamed by now
        assert Path(f'/proc/{child.pid}/comm').read_text() == 'a) b (c\n'
        assert proc_stat.parent_of(child.pid) == os.getpid()
        assert proc_stat.cpu_seconds(child.pid) is not None
    finally:
        child.kill()
        child.wait()


def test_a_process_that_is_gone_gives_nothing() -> None:
    gone = int(Path('/proc/sys/kernel/pid_max').read_text()) + 1  # never a live process
    assert proc_stat.fields(gone) is None
    assert proc_stat.parent_of(gone) is None
    assert proc_stat.cpu_seconds(gone) is None
