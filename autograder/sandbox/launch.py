"""A started child, as `StudentProcess` sees it: its process id, how it ended, how
to kill it with everything it started, and how to clear away what it had.

`FreshChild` is a new interpreter per child (the floor, and the benchmark's bare
child); `ForkedChild` is a fork of the zygote with its layers on.
"""
from __future__ import annotations

import subprocess
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Protocol

from autograder.sandbox.process_groups import kill_group
from autograder.sandbox.removal import remove_tree

if TYPE_CHECKING:  # a forked child is Linux's alone
    from autograder.sandbox.cgroups import ChildGroups
    from autograder.sandbox.zygote_client import Zygote


class Launched(Protocol):
    pid: int
    workdir: Path
    # the keys of the batches of strings it holds already (see the zygote's `hold`)
    holding: frozenset[str]

    def exit_code(self, wait: float) -> int | None:
        """The exit code (minus the signal that killed it), waiting up to `wait` s."""

    def kill(self) -> None:
        """Kill the child and everything it started."""

    def finish(self) -> None:
        """After `kill`: remove the child's folder and whatever was set up for it."""


class FreshChild:
    def __init__(self, argv: list[str], fds: tuple[int, int], workdir: Path,
                 env: dict[str, str]) -> None:
        self.workdir = workdir
        self.holding: frozenset[str] = frozenset()
        self._proc = subprocess.Popen(
            argv, pass_fds=fds, cwd=workdir, env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self.pid = self._proc.pid

    def exit_code(self, wait: float) -> int | None:
        try:
            return self._proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        kill_group(self.pid)
        self.exit_code(5)

    def finish(self) -> None:
        remove_tree(self.workdir)


class ForkedChild:
    def __init__(self, zygote: Zygote, pid: int, zygote_pid: int, workdir: Path,
                 groups: ChildGroups | None, sweep_uid: int | None,
                 release: Callable[[], None], holding: frozenset[str] = frozenset()
                 ) -> None:
        self.pid = pid
        self.workdir = workdir
        self.holding = holding
        self._zygote = zygote
        self._zygote_pid = zygote_pid
        self._groups = groups
        self._uid = sweep_uid
        self._release = release
        self._ended: int | None = None
        self._killed = False

    def exit_code(self, wait: float) -> int | None:
        until = time.monotonic() + wait
        while self._ended is None:
            self._ended = self._zygote.status(self._zygote_pid)
            if self._ended is not None or time.monotonic() >= until:
                break
            time.sleep(0.005)
        return self._ended

    def kill(self) -> None:
        if self._killed:
            return
        self._killed = True
        kill_group(self.pid)
        if self._groups is not None:
            self._groups.kill()
        elif self._uid is not None:
            self._zygote.sweep(self._uid)  # processes that left the group, if any could

    def finish(self) -> None:
        remove_tree(self.workdir)
        self._release()  # the uid and the groups go back to the pool
