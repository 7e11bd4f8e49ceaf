"""Control groups for children: a memory and a process limit per child, and a
kill that reaches every process the child made, whatever session it moved to.

Each child gets groups of its own in each usable hierarchy, made for it and
removed after it, below the group the grader itself runs in (so whatever limits
the grader is under still hold). The child
joins them itself, through files the parent opened for it, before anything else
of it runs. Handles cgroup v1 (`memory`, `pids`) and v2 (`cgroup.kill`; `memory.max`
and `pids.max` where a v2 group has those controllers).
"""
from __future__ import annotations

import itertools
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from autograder.sandbox.stale import left_by_the_gone

if sys.platform == 'win32':  # Linux's alone: the portable floor runs without it
    raise ImportError(f'{__name__} is for Linux')


ROOT = Path('/sys/fs/cgroup')
PROCESSES = 32
# hierarchy -> file -> what to write there (from the child's memory limit in bytes)
LIMIT_FILES = {
    'memory': {'memory.limit_in_bytes': '{memory}'},
    'pids': {'pids.max': '{processes}'},
    'unified': {'memory.max': '{memory}', 'pids.max': '{processes}'},
}


def hierarchies(own: str | None = None) -> dict[str, Path]:
    """Where this process's own groups are, by hierarchy: `memory`, `pids`, `unified`."""
    text = own if own is not None else Path('/proc/self/cgroup').read_text()
    found: dict[str, Path] = {}
    for line in text.splitlines():
        _, controllers, path = line.split(':', 2)
        relative = path.lstrip('/')
        if controllers == '':
            mount = ROOT / 'unified' if (ROOT / 'unified').is_dir() else ROOT
            if (mount / 'cgroup.procs').exists():
                found['unified'] = mount / relative
        for name in ('memory', 'pids'):
            if name in controllers.split(',') and (ROOT / name / 'cgroup.procs').exists():
                found[name] = ROOT / name / relative
    return found


def problem() -> str | None:
    """Why this machine's cgroups cannot be used here, or None when they can."""
    try:
        found = hierarchies()
    except (OSError, ValueError) as exc:
        return f'cannot read /proc/self/cgroup ({exc})'
    if 'pids' not in found and not (found.get('unified', ROOT) / 'pids.max').exists():
        return 'no pids controller to stop fork bombs'
    for name, path in found.items():
        if not os.access(path, os.W_OK):
            return f'the {name} group {path} is not writable'
    return None


@dataclass
class ChildGroups:
    """One child's groups, made for it alone and removed after it: a group handed to
    the next child would hand on what the last one left charged to it (shared memory,
    page cache), and the next child would be killed for it. `files` are open
    cgroup.procs files for the child to join."""

    folders: list[Path]
    files: list[int]
    kinds: list[str]  # the hierarchy of each folder: memory, pids or unified
    # the v2 group's cgroup.kill, once looked for ('' where there is none)
    kill_file: str | None = None

    def pids(self) -> list[int]:
        return [int(p) for f in self.folders for p in _read(f / 'cgroup.procs').split()]

    def kill(self) -> None:
        """Kill every process in the child's groups; with v1 only, until none is left."""
        if self.kill_file is None:
            self.kill_file = self.kill_file_in(_killing(self.folders))
        if self.kill_file:
            _write(self.kill_file, '1')
            return
        for _ in range(100):
            pids = self.pids()
            if not pids:
                return
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.001)

    def kill_file_in(self, at: int | None) -> str:
        """The cgroup.kill of the group `at` among its folders; '' for none."""
        return '' if at is None else f'{self.folders[at]}/cgroup.kill'

    def remove(self, attempts: int = 200) -> bool:
        """Close the files and remove the groups once their processes are gone (a
        killed process takes a moment to leave), trying `attempts` times (some four
        seconds in all for 200). Whether every group went."""
        for fd in self.files:
            os.close(fd)
        self.files = []
        gone = True
        for folder in self.folders:
            for attempt in range(attempts):
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    if attempt % 50 == 49:
                        self.kill()  # a process that joined late
                    time.sleep(0.001 if attempt < 50 else 0.02)
            else:
                gone = False
        return gone


# a child's groups: each hierarchy's limit files, and which folder has cgroup.kill
Layout = tuple[dict[str, list[tuple[str, str]]], int | None]


class Groups:
    """The grader's own group in each hierarchy, and below it a group per child."""

    def __init__(self) -> None:
        self._tops: dict[str, Path] = {}
        self._count = itertools.count()
        self._all: dict[int, ChildGroups] = {}
        self._lock = threading.Lock()
        # which limit files (see LIMIT_FILES) a child's groups have, and which of its
        # folders has cgroup.kill (None for none): the same for every child, all made
        # side by side below the same groups
        self._layout: Layout | None = None
        for name, path in hierarchies().items():
            _clear_stale(path)
            top = path / f'hexgrade-{os.getpid()}-{id(self):x}'
            top.mkdir(exist_ok=True)
            self._tops[name] = top

    def for_child(self, memory_bytes: int) -> ChildGroups:
        """New groups for one child, with its memory limit."""
        name = f'child-{next(self._count)}'
        groups = ChildGroups([], [], [])
        with self._lock:
            self._all[id(groups)] = groups
        try:
            for kind, top in self._tops.items():
                folder = top / name
                os.mkdir(folder)
                groups.folders.append(folder)
                groups.kinds.append(kind)
            limits, killing = self._layout or self._learn(groups)
            groups.kill_file = groups.kill_file_in(killing)
            for folder, kind in zip(groups.folders, groups.kinds):
                for file, value in limits[kind]:
                    _write(f'{folder}/{file}', value.format(memory=memory_bytes,
                                                            processes=PROCESSES))
            for folder in groups.folders:
                groups.files.append(os.open(f'{folder}/cgroup.procs',
                                            os.O_WRONLY | os.O_CLOEXEC))
        except BaseException:
            self.give_back(groups)
            raise
        return groups

    def _learn(self, groups: ChildGroups) -> Layout:
        """The layout of every child's groups, from the first child's (see `_layout`)."""
        limits = {kind: [(file, value) for file, value in LIMIT_FILES[kind].items()
                         if (folder / file).exists()]
                  for folder, kind in zip(groups.folders, groups.kinds)}
        self._layout = (limits, _killing(groups.folders))
        return self._layout

    def give_back(self, groups: ChildGroups) -> None:
        """After the child was killed: its groups go, and what was charged to them."""
        groups.kill()
        if groups.remove():
            with self._lock:
                self._all.pop(id(groups), None)

    def close(self) -> None:
        with self._lock:
            left = list(self._all.values())
            self._all.clear()
        for groups in left:
            groups.kill()
            groups.remove()
        ChildGroups(list(self._tops.values()), [], list(self._tops)).remove()


def _clear_stale(path: Path) -> None:
    """Remove the groups of graders that were killed before they could. One that will
    not go (a group inside it that no grader made, a process that will not die) is
    left for another time, after a few tries: it must never hold up this run, and
    waiting it out cost every worker of every run four seconds."""
    for top in left_by_the_gone(path.glob('hexgrade-*-*'), 1):
        for leftover in top.glob('child-*'):
            stale = ChildGroups([leftover], [], ['unified'])
            stale.kill()
            stale.remove(STALE_ATTEMPTS)
        ChildGroups([top], [], ['unified']).remove(STALE_ATTEMPTS)


STALE_ATTEMPTS = 5  # a few milliseconds: its processes were killed long ago, or just now


def _killing(folders: list[Path]) -> int | None:
    """Which of a child's folders is a v2 group, with cgroup.kill; None for none."""
    return next((at for at, folder in enumerate(folders)
                 if (folder / 'cgroup.kill').exists()), None)


def _write(path: Path | str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY)  # a control file takes one write, unbuffered
    try:
        os.write(fd, text.encode('ascii'))
    finally:
        os.close(fd)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding='ascii')
    except OSError:
        return ''
