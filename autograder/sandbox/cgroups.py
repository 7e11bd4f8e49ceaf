"""Control groups for children: a memory and a process limit per child, and a
kill that reaches every process the child made, whatever session it moved to.

Each child gets one group in each usable hierarchy, below the group the grader
itself runs in (so whatever limits the grader is under still hold). The child
joins them itself, through files the parent opened for it, before anything else
of it runs. Handles cgroup v1 (`memory`, `pids`) and v2 (`cgroup.kill`; `memory.max`
and `pids.max` where a v2 group has those controllers).
"""
from __future__ import annotations

import itertools
import os
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from .processes import alive

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
    """One child's groups; `files` are open cgroup.procs files for the child to join.
    Groups are reused from child to child: making and removing them costs more than
    the rest of a child's start."""

    folders: list[Path]
    files: list[int]
    kinds: list[str]  # the hierarchy of each folder: memory, pids or unified
    memory: int = 0

    def pids(self) -> list[int]:
        return [int(p) for f in self.folders for p in _read(f / 'cgroup.procs').split()]

    def kill(self) -> None:
        """Kill every process in the child's groups; with v1 only, until none is left."""
        for folder in self.folders:
            if (folder / 'cgroup.kill').exists():
                _write(folder / 'cgroup.kill', '1')
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

    def settle(self, memory: int) -> None:
        """Make the groups ready for a new child: empty, with its memory limit."""
        for attempt in range(5000):
            if not self.pids():
                break
            if attempt % 500 == 0:
                self.kill()
            time.sleep(0.0004)  # a killed process takes a moment to leave
        if memory != self.memory:
            for folder, hierarchy in zip(self.folders, self.kinds):
                for file, value in LIMIT_FILES[hierarchy].items():
                    if (folder / file).exists():
                        _write(folder / file, value.format(memory=memory,
                                                           processes=PROCESSES))
            self.memory = memory

    def remove(self) -> None:
        """Close the files and remove the groups once their processes are gone."""
        for fd in self.files:
            os.close(fd)
        self.files = []
        for folder in self.folders:
            for attempt in range(200):
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.002 if attempt < 50 else 0.02)


class Groups:
    """The grader's own group in each hierarchy, and a pool of child groups below it."""

    def __init__(self) -> None:
        self._tops: dict[str, Path] = {}
        self._count = itertools.count()
        self._free: list[ChildGroups] = []
        self._all: list[ChildGroups] = []
        self._lock = threading.Lock()
        for name, path in hierarchies().items():
            _clear_stale(path)
            top = path / f'hexgrade-{os.getpid()}-{id(self):x}'
            top.mkdir(exist_ok=True)
            self._tops[name] = top

    def for_child(self, memory_bytes: int) -> ChildGroups:
        """Free groups whose last child has left, else new ones (a killed child takes
        a moment to leave: waiting for it would cost more than a new group)."""
        with self._lock:
            ready = next((g for g in self._free if not g.pids()), None)
            if ready is not None:
                self._free.remove(ready)
        groups = ready or self._make()
        groups.settle(memory_bytes)
        return groups

    def give_back(self, groups: ChildGroups) -> None:
        """After the child was killed: its groups serve the next child."""
        with self._lock:
            self._free.append(groups)

    def _make(self) -> ChildGroups:
        name = f'child-{next(self._count)}'
        folders: list[Path] = []
        files: list[int] = []
        for top in self._tops.values():
            folder = top / name
            folder.mkdir()
            folders.append(folder)
            files.append(os.open(folder / 'cgroup.procs', os.O_WRONLY | os.O_CLOEXEC))
        groups = ChildGroups(folders, files, list(self._tops))
        with self._lock:
            self._all.append(groups)
        return groups

    def close(self) -> None:
        for groups in self._all:
            groups.kill()
            groups.remove()
        ChildGroups(list(self._tops.values()), [], list(self._tops)).remove()


def _clear_stale(path: Path) -> None:
    """Remove the groups of graders that were killed before they could."""
    for top in path.glob('hexgrade-*-*'):
        owner = top.name.split('-')[1]
        if not owner.isdigit() or alive(int(owner)):
            continue
        for leftover in top.glob('child-*'):
            stale = ChildGroups([leftover], [], ['unified'])
            stale.kill()
            stale.remove()
        ChildGroups([top], [], ['unified']).remove()


def _write(path: Path, text: str) -> None:
    with open(path, 'w', encoding='ascii') as file:
        file.write(text)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding='ascii')
    except OSError:
        return ''
