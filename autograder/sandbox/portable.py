"""The portable floor: children for a system without what the usual floor stands on.

The usual floor needs POSIX: pipes handed to a child by number, a session of its own
(`setsid`) killed whole, rlimits (`resource`), and a timer signal (SIGALRM) for each
call's clock in the child. Where any of these is missing (Windows), each child is a
fresh interpreter started with `subprocess` alone: the wire on its stdin and stdout,
a temporary folder as its working folder, output cut by the child and again by the
parent, and the parent's deadlines as the clock (the parent kills a child that runs
past them). The choice rests on what this system has, never on its name; what the
child goes without travels in its settings, so that a test can force this path on
a system that has everything.
"""
from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
from pathlib import Path
from typing import Callable, Sequence

from autograder.sandbox.process_groups import kill_group
from autograder.sandbox.removal import remove_tree

# what the usual floor needs, and how to tell whether this system has it
NEEDS: dict[str, Callable[[], bool]] = {
    'fork': lambda: hasattr(os, 'fork'),
    'resource': lambda: importlib.util.find_spec('resource') is not None,
    'setsid': lambda: hasattr(os, 'setsid') and hasattr(os, 'killpg'),
    'SIGALRM': lambda: hasattr(signal, 'SIGALRM') and hasattr(signal, 'setitimer'),
}
# what an interpreter cannot start without on some systems (Windows: its random
# numbers and sockets need SYSTEMROOT), kept from the grader's own environment
KEPT_VARIABLES = ('SYSTEMROOT',)
# the zygote is forked and answers over a socket that tells who sent each message
ZYGOTE_NEEDS = ('SOCK_SEQPACKET', 'SO_PASSCRED', 'SCM_CREDENTIALS')
# why each strong layer is off on the portable floor: they are all Linux's
ONLY_ON_LINUX = 'Linux only. Fix: grade on Linux (on Windows, in WSL)'


def lacking() -> tuple[str, ...]:
    """What this system lacks of what the usual floor needs (empty on Linux, macOS)."""
    return tuple(name for name, present in NEEDS.items() if not present())


def zygote_problem() -> str | None:
    """Why children cannot be forked from a pre-started process here, if they cannot."""
    if not hasattr(os, 'fork') or not all(hasattr(socket, n) for n in ZYGOTE_NEEDS):
        return 'the pre-started process needs fork and Linux\'s socket credentials, ' \
               'which this system does not have'
    return None


def layers(lacks: Sequence[str]) -> tuple[str, ...]:
    """The floor layers a portable child has, when the system lacks `lacks`."""
    on = ['process-group'] if 'setsid' not in lacks else []
    on += ['rlimits'] if 'resource' not in lacks else []
    return (*on, 'time-limits', 'private-folder')


def missing(lacks: Sequence[str], strong: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """Each layer a portable child goes without, and why, in words for the teacher."""
    gone = [(layer, ONLY_ON_LINUX) for layer in strong]
    if 'setsid' in lacks:
        gone.append(('process-group', 'no sessions here: a child is killed alone, and '
                                      'what it started may outlive it'))
    if 'resource' in lacks:
        gone.append(('rlimits', 'no resource module here: memory and file sizes are '
                                'not limited'))
    return tuple(gone)


class PortableChild:
    """A fresh interpreter that reads requests on its stdin and answers on its stdout
    (see `child.portable_wire`); killed with `Popen.kill`, and its group too where it
    has one."""

    def __init__(self, argv: list[str], fds: tuple[int, int], workdir: Path,
                 env: dict[str, str], own_session: bool) -> None:
        self.workdir = workdir
        self.holding: frozenset[str] = frozenset()
        self._own_session = own_session
        kept = {name: os.environ[name] for name in KEPT_VARIABLES if name in os.environ}
        self._proc = subprocess.Popen(
            argv, stdin=fds[0], stdout=fds[1], stderr=subprocess.DEVNULL, cwd=workdir,
            env={**env, **kept}, start_new_session=own_session)
        self.pid = self._proc.pid

    def exit_code(self, wait: float) -> int | None:
        try:
            return self._proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        if self._own_session:
            kill_group(self.pid)
        self._proc.kill()  # a no-op once it has been reaped
        self.exit_code(5)

    def finish(self) -> None:
        remove_tree(self.workdir)
