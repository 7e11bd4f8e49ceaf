"""Folders a child holds open so that it can still import from them once it has
given up root.

As root, each child takes an unprivileged uid before any student code runs. The
Python it runs on may live where that uid cannot reach (under /root, say: the
standard library is readable, a folder above it is not). The process that forks
the children opens each import folder while it is still root; a child that then
cannot reach a folder by its own path imports through the open folder instead
(/proc/self/fd/N: the kernel checks only the folders below the one held, and a
process may always follow its own descriptors). Landlock still decides what may
be read: it looks at the files themselves, however they were reached.

Standard library only, like `child.py`, which loads this file by path.
"""
from __future__ import annotations

import os
import sys

if sys.platform == 'win32':  # Linux's alone: the portable floor runs without it
    raise ImportError(f'{__name__} is for Linux')



def hold(paths: list[str]) -> dict[str, int]:
    """A descriptor on each folder of `paths` that exists (only a path, nothing can be
    read through it: whoever uses it is checked as they are then)."""
    held: dict[str, int] = {}
    for path in paths:
        try:
            held[path] = os.open(path, os.O_PATH | os.O_DIRECTORY)
        except OSError:
            continue  # the zip of the standard library is usually not there
    return held


def reopen(held: dict[str, int]) -> dict[str, str]:
    """After giving up root: import from each held folder this process cannot reach
    by its path through its descriptor. Returns the folders moved, old path to new."""
    moved = {path: f'/proc/self/fd/{fd}' for path, fd in held.items()
             if not os.access(path, os.R_OK | os.X_OK)}
    if not moved:
        return moved
    sys.path[:] = [moved.get(entry, entry) for entry in sys.path]
    for module in list(sys.modules.values()):  # packages find submodules by __path__
        search = getattr(module, '__path__', None)
        if isinstance(search, list):
            search[:] = [where(entry, moved) for entry in search]
    # the finders keep what they listed while they could (Landlock may not let this
    # process list the standard library's own folder, only what is in it)
    for path, finder in list(sys.path_importer_cache.items()):
        new = where(path, moved)
        if new != path:
            del sys.path_importer_cache[path]
            if finder is not None and hasattr(finder, 'path'):
                setattr(finder, 'path', new)
            sys.path_importer_cache[new] = finder
    return moved


def where(path: str, moved: dict[str, str]) -> str:
    """`path` as this process reaches it, once `moved` folders are reached by their
    descriptors."""
    for old, new in moved.items():
        if path == old or path.startswith(old + os.sep):
            return new + path[len(old):]
    return path
