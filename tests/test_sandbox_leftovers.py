"""Finding what a grading left behind: processes and files. The attack tests use
these helpers; the tests here show that they do find a leftover when there is one.

A process is ours when it descends from this test process, runs in a folder under
the test's temporary root (even one deleted since), or runs as a uid of the
sandbox's pool in this process. Live zygotes, recorded before the grading, are allowed.
"""
from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from autograder.sandbox import proc_stat
from autograder.sandbox.uid_pool import UidPool

UIDS = range(UidPool().base, UidPool().base + 64)  # the pool of runtimes in this process


def _stat(pid: int) -> tuple[int, str] | None:
    """The parent and state of a process, None when it is gone."""
    fields = proc_stat.fields(pid)
    return (int(fields[1]), fields[0].decode()) if fields else None


def _uid(pid: int) -> int | None:
    try:
        for line in Path(f'/proc/{pid}/status').read_text().splitlines():
            if line.startswith('Uid:'):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def _cwd(pid: int) -> str:
    try:
        return os.readlink(f'/proc/{pid}/cwd')
    except OSError:
        return ''


def ours(root: Path) -> set[int]:
    """Every process that belongs to this test: see the module's docstring."""
    parents: dict[int, int] = {}
    for entry in os.listdir('/proc'):
        if entry.isdigit() and (found := _stat(int(entry))):
            parents[int(entry)] = found[0]
    me = os.getpid()
    result = set()
    for pid in parents:
        chain, step = pid, 0
        while chain in parents and chain not in (0, 1, me) and step < 100:
            chain, step = parents[chain], step + 1
        uid = _uid(pid)
        if chain == me or _cwd(pid).startswith(str(root)) or (uid is not None and
                                                               uid in UIDS):
            result.add(pid)
    return result - {me}


def stray_processes(root: Path, allowed: set[int], wait: float = 5.0) -> list[str]:
    """Our processes beyond `allowed`, once killed ones had `wait` s to be reaped."""
    until = time.monotonic() + wait
    while True:
        stray = ours(root) - allowed
        if not stray or time.monotonic() > until:
            return [f'{pid}: {_describe(pid)}' for pid in sorted(stray)]
        time.sleep(0.05)


def _describe(pid: int) -> str:
    try:
        command = Path(f'/proc/{pid}/cmdline').read_bytes().replace(b'\0', b' ')
    except OSError:
        command = b'?'
    return f'{command.decode(errors="replace")[:120]} (cwd {_cwd(pid)}, uid {_uid(pid)})'


def stray_files(root: Path) -> list[str]:
    """Anything under the run folders and children's folders of `root` but the folders
    of runs still open (they are empty between children)."""
    return sorted(str(p) for p in root.rglob('*') if not (p.is_dir() and
                                                           p.name.startswith('hexgrade-run-')))


# -- the helpers find what they should -------------------------------------------------

def test_a_process_running_in_the_root_is_found(tmp_path: Path) -> None:
    before = ours(tmp_path)
    sleeper = subprocess.Popen(['sleep', '30'], cwd=tmp_path, start_new_session=True)
    try:
        assert [line.split(':')[0] for line in stray_processes(tmp_path, before, wait=0)] \
            == [str(sleeper.pid)]
    finally:
        sleeper.kill()
        sleeper.wait()
    assert stray_processes(tmp_path, before, wait=2) == []


def test_an_orphan_that_left_for_another_folder_is_found_by_its_ancestry(
        tmp_path: Path) -> None:
    before = ours(tmp_path)
    sleeper = subprocess.Popen(['sleep', '30'], cwd='/')
    try:
        assert [line.split(':')[0] for line in stray_processes(tmp_path, before, wait=0)] \
            == [str(sleeper.pid)]
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_file_left_in_the_root_is_found(tmp_path: Path) -> None:
    (tmp_path / 'hexgrade-run-x').mkdir()
    assert stray_files(tmp_path) == []
    (tmp_path / 'hexgrade-run-x' / 'child-0').mkdir()
    assert stray_files(tmp_path) == [str(tmp_path / 'hexgrade-run-x' / 'child-0')]
