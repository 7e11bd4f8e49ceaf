"""How children are isolated, and the one place that starts a child.

The floor is always there: the child's own process group, rlimits it sets itself,
the parent's time limits, a private working folder. Stronger layers (see
`probing`) come with a `Runtime` whose zygote forks the children; `FLOOR`, with no
runtime, starts a fresh interpreter per child.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .launch import FreshChild, Launched
from .limits import Limits
from .runtime import ENVIRONMENT, Runtime, UidPool
from .zygote import CHILD_SCRIPT, PYTHON

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


@dataclass(frozen=True)
class Isolation:
    """The isolation used for every child of one grading run."""

    layers: tuple[str, ...] = FLOOR_LAYERS
    missing: tuple[tuple[str, str], ...] = ()  # (layer, why it is not used)
    memory_bound: bool = True
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
        if os.geteuid() == 0:  # the child gives up root itself, before it reads a request
            uid = settings['uid'] = UidPool(shared=True).take()
            os.chown(workdir, uid, uid)
        argv = PYTHON + [str(CHILD_SCRIPT), str(fds[0]), str(fds[1]), json.dumps(settings)]
        return FreshChild(argv, fds, workdir, ENVIRONMENT)

    def warnings(self) -> list[str]:
        """One line per strong layer that is not in use, saying why."""
        return [f'warning: sandbox without {layer}: {why}' for layer, why in self.missing]

    def describe(self) -> str:
        """What `hexgrade check --isolation` prints."""
        lines = [f'isolation: {self.name}']
        lines += [f'  on   {layer:<15}{ABOUT.get(layer, "")}' for layer in self.layers]
        lines += [f'  off  {layer:<15}{why}' for layer, why in self.missing]
        return '\n'.join(lines) + '\n'

    def close(self) -> None:
        """Stop the zygote and clear the run's folder and groups."""
        if self.runtime is not None:
            self.runtime.close()


FLOOR = Isolation()
