"""`hexgrade check` on a system that looks like Windows to the grader (see
windows_like/sitecustomize.py): no fork, `resource`, `fcntl`, `termios`, `pwd` or
`grp`, no SIGALRM or timers, no user ids or Unix sockets, and a `select` that waits on
sockets only. The grader must choose the portable floor by what the system has, read
its children's pipes with a thread, stop a loop by its deadline, and give every
exercise its usual verdict. (Windows itself is not here to try: see the README.)"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
LIKE_WINDOWS = Path(__file__).with_name('windows_like')


def check(folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, 'PYTHONPATH': f'{LIKE_WINDOWS}{os.pathsep}{PROJECT}'}
    env.pop('HEXGRADE_ISOLATION_OFF', None)
    return subprocess.run([sys.executable, '-m', 'autograder', 'check', str(folder)],
                          capture_output=True, text=True, env=env, timeout=300)


def test_the_system_looks_like_windows_to_the_grader() -> None:
    env = {**os.environ, 'PYTHONPATH': f'{LIKE_WINDOWS}{os.pathsep}{PROJECT}'}
    done = subprocess.run([sys.executable, '-c', (
        'import os, select, signal\n'
        'from autograder.sandbox import portable\n'
        'print(sorted(portable.lacking()), hasattr(os, "fork"), hasattr(signal, "SIGALRM"))\n'
        'r, w = os.pipe()\n'
        'try:\n    select.select([r], [], [], 0)\nexcept OSError as exc:\n    print(exc.errno)\n')],
        capture_output=True, text=True, env=env)
    assert done.stdout.split('\n')[:2] == [
        "['SIGALRM', 'fork', 'resource', 'setsid'] False False", '10038'], done.stderr


def test_the_model_answers_get_full_marks_on_the_portable_floor() -> None:
    done = check(PROJECT / 'solutions')
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith(': 10/10 points (mirror 3/3, winner 3/3, count_boxes 4/4)')
    assert lines[1] == '  (grader 0.1.0, seed 0, isolation: time-limits+private-folder)'


def test_a_loop_is_stopped_by_its_deadline_and_sinks_its_own_exercise(tmp_path: Path) -> None:
    folder = tmp_path / 'work'
    folder.mkdir()
    (folder / 'mirror.py').write_text('def mirror(board):\n    while True:\n        pass\n',
                                      encoding='utf-8')
    for name in ('winner.py', 'count_boxes.py'):
        shutil.copy(PROJECT / 'solutions' / name, folder / name)
    done = check(folder)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[0].endswith(
        ': 7/10 points (mirror 0/3, winner 3/3, count_boxes 4/4)')
    assert "mirror('BB..W.W.W') was still running after 0.5 s" in done.stdout
