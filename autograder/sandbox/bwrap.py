"""Bubblewrap around the zygote: new mount, pid, network, IPC, UTS and cgroup
namespaces; a read-only view of only the system (see `path_policy`), the Python it
runs on and the child's own code; a private /tmp; the run folder (children's private
folders) the one writable place. The project, the reference and the solutions are
not mounted.
"""
from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from autograder.sandbox.interpreter import BASE_PYTHON
from autograder.sandbox.path_policy import SYSTEM_FILES, SYSTEM_FOLDERS

if sys.platform == 'win32':  # Linux's alone: the portable floor runs without it
    raise ImportError(f'{__name__} is for Linux')



def binary() -> str | None:
    return shutil.which('bwrap')


def python_roots() -> list[str]:
    """The folders the base interpreter and its standard library live in (a virtual
    environment's own folder is not needed: the child runs without site-packages)."""
    places = {sys.base_prefix, sysconfig.get_paths()['stdlib'],
              sysconfig.get_paths()['platstdlib'], os.path.dirname(BASE_PYTHON)}
    return sorted(p for p in places if p and not p.startswith('/usr/'))


def command(run_folder: Path, code_folder: Path, hidden: list[str], keep_root: bool
            ) -> list[str]:
    """The bwrap command line the zygote starts behind.

    `keep_root`: started as root, the zygote keeps its capabilities so that each child
    can take its own uid (which drops them all); otherwise every capability goes."""
    found = binary()
    if found is None:
        raise FileNotFoundError('bwrap is not installed')
    argv = [found, '--unshare-ipc', '--unshare-pid', '--unshare-net', '--unshare-uts',
            '--unshare-cgroup-try', '--new-session']
    argv += ['--unshare-user-try'] if os.geteuid() != 0 else []
    argv += [] if keep_root else ['--cap-drop', 'ALL']
    for path in SYSTEM_FOLDERS:
        if os.path.islink(path):  # as on the host: most lead into /usr, bound already
            argv += ['--symlink', os.readlink(path), path]
        elif os.path.isdir(path):
            argv += ['--ro-bind', path, path]
    for path in SYSTEM_FILES:
        argv += ['--ro-bind-try', path, path]
    # the private /tmp first: what is bound after it shows through, wherever it lives
    argv += ['--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp']
    for path in python_roots():
        argv += _open_parents(path) + ['--ro-bind', path, path]
    for path in hidden:
        argv += ['--tmpfs', path]
    argv += _open_parents(str(code_folder)) + ['--ro-bind', str(code_folder), str(code_folder)]
    argv += _open_parents(str(run_folder))
    argv += ['--bind', str(run_folder), str(run_folder), '--chdir', str(run_folder), '--']
    return argv


def _open_parents(path: str) -> list[str]:
    """Folders above `path` made traversable: bwrap would make them 0700, and a child
    with its own uid could then not reach the Python it runs on."""
    argv: list[str] = []
    for parent in reversed(Path(path).parents):
        if str(parent) != '/' and not str(parent).startswith('/usr'):
            argv += ['--perms', '0755', '--dir', str(parent)]
    return argv


def problem() -> str | None:
    """Why bubblewrap cannot be used here, or None when it is there to try."""
    if binary() is None:
        return 'bwrap is not installed (Debian: apt-get install bubblewrap)'
    return None
