"""What of this machine a child may read: the system and the Python it runs on, but
not the installed packages (hexgrade itself may be one of them).

One list of system paths for both layers that decide it: bubblewrap mounts them
(and a /dev of its own, which holds the devices), Landlock allows reading them.
"""
from __future__ import annotations

import os
import site
import sysconfig
from pathlib import Path
from typing import Iterable

# folders, some of them links to others (on most systems /lib leads to /usr/lib)
SYSTEM_FOLDERS = ('/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32')
SYSTEM_FILES = ('/etc/ld.so.cache', '/etc/localtime')
DEVICES = ('/dev/null', '/dev/zero', '/dev/urandom')
HIDDEN = ('site-packages', 'dist-packages')  # installed packages: the grader may be there


def read_paths() -> list[str]:
    """What a child may read under Landlock: the system and the standard library, but
    not the installed packages."""
    return readable(_python_and_system(), hidden_folders())


def readable(allowed: Iterable[str], hidden: Iterable[str]) -> list[str]:
    """`allowed`, with every folder of `hidden` left out. Landlock only ever allows, so
    a folder that holds a hidden one is allowed by what it holds instead, down to the
    hidden folder's siblings. Links are followed first: Landlock's rules are on what a
    path leads to (on most systems /lib leads to /usr/lib, which holds packages).
    Paths as strings, not `Path`s: each worker walks a few hundred folders as it
    starts, and pathlib took several times as long."""
    kept_out = [os.path.realpath(folder) for folder in hidden]
    found: dict[str, None] = {}  # in order, once: /lib and /usr may lead to one folder
    seen: set[str] = set()

    def visit(path: str, real: bool = False) -> None:
        path = path if real else os.path.realpath(path)
        if path in seen:  # a link back up, or a folder reached twice
            return
        seen.add(path)
        below = path if path.endswith('/') else path + '/'
        holds = [folder for folder in kept_out if folder == path or folder.startswith(below)]
        if not holds:
            found[path] = None
        elif path not in holds and os.path.isdir(path):
            try:
                with os.scandir(path) as entries:
                    inside = sorted((entry.name, entry.is_symlink()) for entry in entries)
            except OSError:
                return  # a folder we cannot list: leave it all out
            for name, link in inside:  # in a folder followed already, only a link leads on
                visit(os.path.join(path, name), real=not link)
    for path in allowed:
        visit(path)
    return list(found)


def coarse_read_paths(run_folder: Path) -> list[str]:
    """The same reads in a dozen rules rather than hundreds, for each child's own
    Landlock layer. That layer sits under the shared one, which lists the reads one
    by one (whatever it keeps out stays out: a child may read only what both layers
    allow), so this one only has to keep the run folder out."""
    paths = _python_and_system()
    if any(run_folder.is_relative_to(path) for path in paths):
        return read_paths()  # the run folder lies beneath them: list the reads one by one
    return paths


def hidden_folders() -> list[str]:
    """The installed packages: of the Python we run on, of a virtual environment, and
    of the system's Pythons. bwrap mounts an empty folder over each, and Landlock's
    reads leave them out."""
    paths = sysconfig.get_paths()
    stdlib = Path(paths['stdlib'])
    found = {stdlib / name for name in HIDDEN}
    found |= {Path(paths[key]) for key in ('purelib', 'platlib')}
    found |= {Path(folder) for folder in site.getsitepackages()}
    for lib in ('/usr/lib', '/usr/local/lib'):  # e.g. Debian's /usr/lib/python3/dist-packages
        found |= {python / name for python in Path(lib).glob('python3*') for name in HIDDEN}
    return sorted(str(folder) for folder in found if folder.is_dir())


def _python_and_system() -> list[str]:
    stdlib = Path(sysconfig.get_paths()['stdlib'])
    paths = [str(stdlib)] + [str(p) for p in stdlib.parent.glob('libpython*')]
    return paths + list(SYSTEM_FOLDERS + SYSTEM_FILES + DEVICES)
