"""What one grading run keeps while its children come and go: a run folder that
holds each child's private folder, the zygote, a pool of unprivileged uids, and
the run's control groups. Everything is cleared away at `close` (or when the run
is garbage or the program ends).
"""
from __future__ import annotations

import itertools
import os
import site
import sysconfig
import tempfile
import threading
import weakref
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import GraderError
from ..kit import game_file
from . import bwrap
from .cgroups import ChildGroups, Groups
from .launch import ForkedChild
from .processes import alive, kill_group
from .removal import remove_tree
from .zygote_client import LayerFailed, Zygote, ready

CODE_FOLDER = Path(__file__).resolve().parent
ENVIRONMENT = {'PATH': '/usr/bin:/bin', 'LANG': 'C.UTF-8', 'PYTHONHASHSEED': '0',
               'PYTHONIOENCODING': 'utf-8'}
SYSTEM_READS = ('/usr', '/lib', '/lib32', '/lib64', '/etc/ld.so.cache', '/etc/localtime',
                '/dev/null', '/dev/zero', '/dev/urandom')
HIDDEN = ('site-packages', 'dist-packages')  # installed packages: the grader may be there
UID_SLOTS = 64


def read_paths() -> list[str]:
    """What a child may read under Landlock: the system and the standard library, but
    not the installed packages (hexgrade itself may be one of them)."""
    stdlib = Path(sysconfig.get_paths()['stdlib'])
    allowed = [str(stdlib)] + [str(p) for p in stdlib.parent.glob('libpython*')]
    return readable(allowed + list(SYSTEM_READS), hidden_folders())


def readable(allowed: Iterable[str], hidden: Iterable[str]) -> list[str]:
    """`allowed`, with every folder of `hidden` left out. Landlock only ever allows, so
    a folder that holds a hidden one is allowed by what it holds instead, down to the
    hidden folder's siblings. Links are followed first: Landlock's rules are on what a
    path leads to (on most systems /lib leads to /usr/lib, which holds packages)."""
    kept_out = [Path(os.path.realpath(folder)) for folder in hidden]
    found: dict[Path, None] = {}  # in order, once: /lib and /usr may lead to one folder
    seen: set[Path] = set()

    def visit(path: Path) -> None:
        path = Path(os.path.realpath(path))
        if path in seen:  # a link back up, or a folder reached twice
            return
        seen.add(path)
        holds = [folder for folder in kept_out if folder.is_relative_to(path)]
        if not holds:
            found[path] = None
        elif path not in holds and path.is_dir():
            try:
                inside = sorted(path.iterdir())
            except OSError:
                return  # a folder we cannot list: leave it all out
            for child in inside:
                visit(child)
    for path in allowed:
        visit(Path(path))
    return [str(path) for path in found]


def coarse_read_paths(run_folder: Path) -> list[str]:
    """The same reads in a dozen rules rather than hundreds, for each child's own
    Landlock layer. That layer sits under the shared one, which lists the reads one
    by one (whatever it keeps out stays out: a child may read only what both layers
    allow), so this one only has to keep the run folder out."""
    stdlib = Path(sysconfig.get_paths()['stdlib'])
    paths = [str(stdlib)] + [str(p) for p in stdlib.parent.glob('libpython*')]
    paths += list(SYSTEM_READS)
    if any(run_folder.is_relative_to(path) for path in paths):
        return read_paths()  # the run folder lies beneath them: list the reads one by one
    return paths


def hidden_folders() -> list[str]:
    """The installed packages: of the Python we run on, of a virtual environment, and
    of the system's Pythons. bwrap mounts an empty folder over each, and Landlock's
    reads leave them out (hexgrade itself may be installed in any of them)."""
    paths = sysconfig.get_paths()
    stdlib = Path(paths['stdlib'])
    found = {stdlib / name for name in HIDDEN}
    found |= {Path(paths[key]) for key in ('purelib', 'platlib')}
    found |= {Path(folder) for folder in site.getsitepackages()}
    for lib in ('/usr/lib', '/usr/local/lib'):  # e.g. Debian's /usr/lib/python3/dist-packages
        found |= {python / name for python in Path(lib).glob('python3*') for name in HIDDEN}
    return sorted(str(folder) for folder in found if folder.is_dir())


def clear_stale(temp: Path) -> None:
    """Remove the run folders of graders that were killed before they could. One that
    will not go is left for another time: it must never stop this run."""
    try:
        found = list(temp.glob('hexgrade-run-*-*'))
    except OSError:
        return
    for folder in found:
        owner = folder.name.split('-')[2]
        try:
            if owner.isdigit() and not alive(int(owner)) and \
                    folder.lstat().st_uid == os.geteuid():
                remove_tree(folder)
        except OSError:
            continue


class UidPool:
    """Unprivileged uids, one per running child, so no two children share one. The
    range depends on our pid, so that graders running side by side do not meet.

    `shared`: every child gets the same one (the uid layer turned off, as root: the
    children may meet each other as they would under an ordinary user, but none of
    them is ever root)."""

    def __init__(self, shared: bool = False) -> None:
        self.base = 100_000 + (os.getpid() % 20_000) * UID_SLOTS
        self.unique = not shared
        self._free = list(range(self.base, self.base + (UID_SLOTS if self.unique else 1)))
        self._lock = threading.Lock()

    def take(self) -> int:
        if not self.unique:
            return self.base
        with self._lock:
            if not self._free:
                raise GraderError(f'more than {UID_SLOTS} children at once: no uid left')
            return self._free.pop()

    def give_back(self, uid: int) -> None:
        if not self.unique:
            return
        with self._lock:
            self._free.append(uid)


class Runtime:
    def __init__(self, layers: frozenset[str]) -> None:
        self.layers = layers
        clear_stale(Path(tempfile.gettempdir()))
        self.folder = Path(tempfile.mkdtemp(prefix=f'hexgrade-run-{os.getpid()}-'))
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
                    'read_paths': read_paths(), 'stdlib_file': os.__file__,
                    'own_read_paths': coarse_read_paths(self.folder),
                    'run_folder': str(self.folder), 'preload': {'hexapawn': game_file()}}
        try:
            prefix = bwrap.command(self.folder, CODE_FOLDER, hidden_folders(),
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
            pid, zygote_pid = zygote.spawn(
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
                           lambda: self._give_back(uid, groups))

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
