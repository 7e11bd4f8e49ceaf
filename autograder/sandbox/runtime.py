"""What one grading run keeps while its children come and go: a run folder that
holds each child's private folder, the zygote, a pool of unprivileged uids (see
`uid_pool`), and the run's control groups. Everything is cleared away at `close`
(or when the run is garbage or the program ends); what a killed run left behind,
at the next run's start (see `stale`).
"""
from __future__ import annotations

import itertools
import os
import sys
import tempfile
import threading
import weakref
from pathlib import Path
from typing import Any, Callable

from autograder.kit.paths import game_file, rules_variants
from autograder.sandbox import bwrap, path_policy
from autograder.sandbox.cgroups import ChildGroups, Groups
from autograder.sandbox.interpreter import ENVIRONMENT
from autograder.sandbox.launch import ForkedChild
from autograder.sandbox.process_groups import kill_group
from autograder.sandbox.removal import remove_tree
from autograder.sandbox.stale import RUN_PREFIX, clear_stale
from autograder.sandbox.uid_pool import UidPool
from autograder.sandbox.zygote_client import LayerFailed, Zygote, ready

if sys.platform == 'win32':  # Linux's alone: the portable floor runs without it
    raise ImportError(f'{__name__} is for Linux')


CODE_FOLDER = Path(__file__).resolve().parent / 'inside'  # all a child runs of ours


class Runtime:
    def __init__(self, layers: frozenset[str]) -> None:
        self.layers = layers
        clear_stale(Path(tempfile.gettempdir()))
        self.folder = Path(tempfile.mkdtemp(prefix=f'{RUN_PREFIX}{os.getpid()}-'))
        # children reach their own folder only; as root the grader writes here by its
        # capabilities, and a child that keeps uid 0 without them cannot
        self.folder.chmod(0o511 if os.geteuid() == 0 else 0o711)
        self._count = itertools.count()
        # as root, no child keeps root: without the uid layer they share one uid
        self._uids = UidPool(shared='uid' not in layers) if os.geteuid() == 0 else None
        try:
            self._groups = Groups() if 'cgroups' in layers else None
        except OSError as exc:
            remove_tree(self.folder)
            raise LayerFailed(f'the sandbox could not make its control groups: {exc}',
                              'cgroups') from None
        settings = {'landlock': 'landlock' in layers, 'seccomp': 'seccomp' in layers,
                    'read_paths': path_policy.read_paths(), 'stdlib_file': os.__file__,
                    'own_read_paths': path_policy.coarse_read_paths(self.folder),
                    'run_folder': str(self.folder), 'preload': {'hexapawn': game_file()},
                    'variants': list(rules_variants())}
        try:
            prefix = bwrap.command(self.folder, CODE_FOLDER, path_policy.hidden_folders(),
                                   keep_root=self._uids is not None) \
                if 'bubblewrap' in layers else []
            self._start: Callable[[], Zygote] = \
                lambda: Zygote(prefix, settings, ENVIRONMENT, self.folder)
            self._zygotes = [self._start()]
        except BaseException:
            _shut([], self._groups, self.folder)
            raise
        self._restart = threading.Lock()
        self._finalizer = weakref.finalize(self, _shut, self._zygotes, self._groups,
                                           self.folder, os.getpid())

    @property
    def zygote(self) -> Zygote:
        """The zygote, started again if it ended (killed, say): one lost zygote must not
        stop a whole class from being graded."""
        with self._restart:
            if not self._zygotes[-1].running():
                self._zygotes.append(self._start())
            return self._zygotes[-1]

    def launch(self, limits: dict[str, Any], fds: tuple[int, int],
               answers: int) -> ForkedChild:
        workdir = self.folder / f'child-{next(self._count)}'
        workdir.mkdir(mode=0o700)
        uid = self._uids.take() if self._uids else None
        groups: ChildGroups | None = None
        try:
            if uid is not None:
                os.chown(workdir, uid, uid)
            if self._groups is not None:
                groups = self._groups.for_child(int(limits['memory_bytes']))
            zygote = self.zygote
            pid, zygote_pid, holding = zygote.spawn(
                [*fds, *(groups.files if groups else [])],
                {'workdir': str(workdir), 'limits': limits, 'uid': uid,
                 'own_uid': bool(self._uids and self._uids.unique)})
        except BaseException:
            self._undo(None, workdir, uid, groups)
            raise
        try:
            ready(answers)  # outside the zygote's lock: children get ready side by side
        except BaseException:
            self._undo(pid, workdir, uid, groups)
            raise
        # a shared uid is not swept: that would reach the other children
        sweep = uid if 'seccomp' not in self.layers and groups is None and \
            self._uids is not None and self._uids.unique else None
        return ForkedChild(zygote, pid, zygote_pid, workdir, groups, sweep,
                           lambda: self._give_back(uid, groups), holding)

    def hold(self, key: str, joined: str, width: int) -> None:
        """Have the zygote hold this batch for the children it forks from now on."""
        self.zygote.hold(key, joined, width)

    def _undo(self, pid: int | None, workdir: Path, uid: int | None,
              groups: ChildGroups | None) -> None:
        """Clear away a child that did not get ready."""
        if pid is not None:
            kill_group(pid)
        if groups is not None:
            groups.kill()
        remove_tree(workdir)
        self._give_back(uid, groups)

    def _give_back(self, uid: int | None, groups: ChildGroups | None) -> None:
        if uid is not None and self._uids is not None:
            self._uids.give_back(uid)
        if groups is not None and self._groups is not None:
            self._groups.give_back(groups)

    def close(self) -> None:
        self._finalizer()


def _shut(zygotes: list[Zygote], groups: Groups | None, folder: Path,
          owner: int | None = None) -> None:
    if owner is not None and owner != os.getpid():
        return  # a fork of the grader: the run, its groups and folder are not its own
    for zygote in zygotes:
        zygote.close()
    if groups is not None:
        groups.close()
    remove_tree(folder)
