"""How children are isolated, and the one place that starts a child.

The floor is always there: the child's own process group, rlimits it sets itself,
the parent's time limits, a private working folder. Stronger layers (see
`working_layers`) come with a `Runtime` whose zygote forks the children; `FLOOR`,
with no runtime, starts a fresh interpreter per child.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autograder.calls.limits import Limits
from autograder.sandbox.interpreter import CHILD_SCRIPT, ENVIRONMENT, PYTHON
from autograder.sandbox.launch import FreshChild, Launched
from autograder.sandbox.portable import (ONLY_ON_LINUX, PortableChild, lacking,
                                         layers as portable_layers, missing as portable_missing)

if TYPE_CHECKING:  # Linux only, or imported by what imports this module
    from autograder.sandbox.process import StudentProcess
    from autograder.sandbox.runtime import Runtime
    from autograder.sandbox.spares import Spares

FLOOR_LAYERS = ('process-group', 'rlimits', 'time-limits', 'private-folder')
STRONG_LAYERS = ('bubblewrap', 'uid', 'cgroups', 'landlock', 'seccomp')
ABOUT = {
    'bubblewrap': 'namespaces (mount, pid, network, IPC, UTS, cgroup): read-only system, '
                  'private /tmp, the project and installed packages not mounted',
    'uid': 'each child runs as its own unprivileged uid, with a process limit, in an '
           'IPC namespace of its own',
    'cgroups': 'a memory and process limit per child, in groups made for it and removed '
               'after it, and a kill that reaches every process it made',
    'landlock': 'reads only the system and the standard library, writes only its '
                'private folder, no TCP, no signals out',
    'seccomp': 'only the system calls the interpreter needs: no sockets, new processes, '
               'exec, SysV IPC, signals but to itself, limits of others, modes or owners',
    'process-group': 'its own session: everything it starts is killed with it',
    'rlimits': 'memory, file size and CPU limits',
    'time-limits': 'a limit per call and per file, enforced by the parent',
    'private-folder': 'a fresh working folder, removed afterwards',
}

TURNED_OFF = 'turned off'  # on purpose, by the person grading: nothing to explain
PRACTICE_ONLY = ('results graded here are for practice: a grade that counts needs '
                 'seccomp, Landlock or bubblewrap, and as root the uid layer '
                 '(hexgrade check --isolation shows what is on)')
# What a missing layer leaves open and how to get it back, in words for the person
# grading, who may not know what the layer is.
WITHOUT = {
    'bubblewrap': 'children see the files you can see unless Landlock is on. Fix: '
                  'install bubblewrap (Debian, Ubuntu: apt-get install bubblewrap); where '
                  'it is installed but cannot start, grade as root',
    'cgroups': 'memory is limited per process (rlimits) instead, which is enough for '
               'grading. Fix, if you want it: grade as root on a system with cgroup v2',
    'landlock': 'unless bubblewrap is on, children can read every file you can. Fix: '
                'Linux 5.13 or later with Landlock enabled (most distributions since 2022)',
    'seccomp': 'children may make any system call: open sockets, start programs. Fix: a '
               'Linux kernel with seccomp on x86-64 or arm64',
}
UID_AS_USER = ('each child runs as you, and Landlock or bubblewrap keep your files from '
               'it; as root, each child would get a user of its own')
UID_AS_ROOT = ('children share one unprivileged user, so one could find what the one '
               'before it left. Fix: let root change users here (a container needs '
               'CAP_SETUID and CAP_SETGID), or grade as an ordinary user')


def _as_root() -> bool:
    # Windows has no root to give up
    return sys.platform != 'win32' and hasattr(os, 'geteuid') and os.geteuid() == 0


def _without(layer: str, why: str) -> str:
    if why in (TURNED_OFF, ONLY_ON_LINUX):
        return ''
    if layer == 'uid':
        return '; ' + (UID_AS_ROOT if _as_root() else UID_AS_USER)
    return f'; {WITHOUT[layer]}' if layer in WITHOUT else ''


@dataclass(frozen=True)
class Isolation:
    """The isolation used for every child of one grading run."""

    layers: tuple[str, ...] = FLOOR_LAYERS
    missing: tuple[tuple[str, str], ...] = ()  # (layer, why it is not used)
    memory_bound: bool = True
    # what the system lacks of the usual floor: any of it puts children on the
    # portable floor (see `portable`)
    lacks: tuple[str, ...] = ()
    runtime: Runtime | None = field(default=None, compare=False, repr=False)

    @property
    def name(self) -> str:
        return '+'.join(self.layers)

    def launch(self, limits: Limits, fds: tuple[int, int], answers: int) -> Launched:
        """Start a child that reads requests on fds[0] and answers on fds[1]; `answers`
        is the parent's end of fds[1], where a forked child first says it is ready."""
        if self.runtime is not None:
            return self.runtime.launch(limits.for_child(), fds, answers)
        workdir = Path(tempfile.mkdtemp(prefix='hexgrade-'))
        settings: dict[str, float | int | None] = {**limits.for_child(), 'uid': None}
        if _as_root():  # the child gives up root itself, before it reads a request
            from autograder.sandbox.uid_pool import UidPool  # as root: on Linux only
            uid = settings['uid'] = UidPool(shared=True).take()
            if sys.platform != 'win32':  # `_as_root` says no there: for the type checker
                os.chown(workdir, uid, uid)
        if self.lacks:
            argv = PYTHON + [str(CHILD_SCRIPT), '--portable',
                             json.dumps({**settings, 'without': list(self.lacks)})]
            return PortableChild(argv, fds, workdir, ENVIRONMENT, 'setsid' not in self.lacks)
        argv = PYTHON + [str(CHILD_SCRIPT), str(fds[0]), str(fds[1]), json.dumps(settings)]
        return FreshChild(argv, fds, workdir, ENVIRONMENT)

    def child(self, limits: Limits, ahead: Any = None, memo: Any = None,
              another: bool = True) -> StudentProcess:
        """A sandboxed child for one file: one of `ahead` (a `Spares`), or a new one."""
        from autograder.sandbox.process import StudentProcess  # which imports this module
        return StudentProcess(limits, self, ahead, memo, another)

    def ahead(self, limits: Limits) -> Spares:
        """Children started ahead for a submission's files, each while the one before is
        graded (see `spares`)."""
        from autograder.sandbox.spares import Spares  # which imports this module
        return Spares(self, limits)

    def hold(self, key: str, joined: str, width: int) -> None:
        """Have the children started from now on hold this batch of strings (see the
        zygote's `hold`); without a zygote, each is sent it every time."""
        if self.runtime is not None:
            self.runtime.hold(key, joined, width)

    @property
    def counts(self) -> bool:
        """Whether a grade made under this isolation can count (see the README's
        Safety): no system calls beyond the allow list, the reference and the other
        students out of reach, and as root a uid of each child's own."""
        on = set(self.layers)
        return 'seccomp' in on and bool(on & {'landlock', 'bubblewrap'}) and \
            ('uid' in on or not _as_root())

    def warnings(self) -> list[str]:
        """For the teacher, once per run, only what needs an act: a layer turned off on
        purpose is named; where grades still count, one line says what holds (a layer
        an ordinary user cannot have, or memory held by rlimits, needs nothing done);
        where they do not, a line for each layer that would make them count, with what
        it leaves open and the fix, then that the results are for practice."""
        off = [f'warning: sandbox without {layer}: {why}' for layer, why in self.missing
                if why == TURNED_OFF]
        absent = [layer for layer, why in self.missing if why != TURNED_OFF]
        if self.counts:
            if not absent:
                return off
            return off + [f'sandbox: {", ".join(self.strong_layers) or "the floor"} on, '
                          f'without {" or ".join(absent)}: grades made here count '
                          f'(hexgrade check --isolation says what each layer does)']
        lines = off + [f'warning: sandbox without {layer}: {why}' + _without(layer, why)
                       for layer, why in self.missing
                       if why != TURNED_OFF and self._would_count_with(layer)]
        return lines + [f'warning: {PRACTICE_ONLY}']

    @property
    def strong_layers(self) -> tuple[str, ...]:
        return tuple(layer for layer in self.layers if layer in STRONG_LAYERS)

    def _would_count_with(self, layer: str) -> bool:
        """Whether a grade made here needs `layer` (or the other of Landlock and
        bubblewrap) to count: cgroups never does, nor uid for an ordinary user."""
        if layer == 'uid':
            return _as_root()
        return layer in ('seccomp', 'landlock', 'bubblewrap')

    def describe(self) -> str:
        """What `hexgrade check --isolation` prints."""
        lines = [f'isolation: {self.name}']
        lines += [f'  on   {layer:<15}{ABOUT.get(layer, "")}' for layer in self.layers]
        lines += [f'  off  {layer:<15}{why}{_without(layer, why)}'
                  for layer, why in self.missing]
        lines.append('grades made here count' if self.counts else PRACTICE_ONLY)
        return '\n'.join(lines) + '\n'

    def close(self) -> None:
        """Stop the zygote and clear the run's folder and groups."""
        if self.runtime is not None:
            self.runtime.close()


def portable_floor(lacks: tuple[str, ...]) -> Isolation:
    """The floor for a system that lacks `lacks` (Windows), every strong layer off."""
    return Isolation(portable_layers(lacks), portable_missing(lacks, STRONG_LAYERS),
                     memory_bound='resource' not in lacks, lacks=lacks)


FLOOR = portable_floor(lacking()) if lacking() else Isolation()
