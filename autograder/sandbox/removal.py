"""Removing a folder a child wrote in, whatever it made there.

A child may leave a tree tens of thousands of folders deep: a recursive removal
runs out of stack, and paths from the top run past PATH_MAX. So the walk is a
loop that holds one open folder at a time and names everything relative to it,
never follows a link, and climbs back through `..` only after checking that it
leads to the folder it came from.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

_FOLDER = os.O_RDONLY | getattr(os, 'O_DIRECTORY', 0) | getattr(os, 'O_NOFOLLOW', 0) | \
    getattr(os, 'O_CLOEXEC', 0)
BY_FOLDER = os.open in os.supports_dir_fd  # not on Windows: see `remove_tree`


def remove_tree(path: Path) -> bool:
    """Remove `path` and everything beneath it; whether all of it went. Never raises
    for what is in the tree: what cannot go stays, and the rest goes. Where folders
    cannot be opened by fd (Windows, whose children are not sandboxed and whose
    folders are the student's own), `shutil.rmtree` does it."""
    if not BY_FOLDER:
        shutil.rmtree(path, ignore_errors=True)
        return not path.exists()
    try:
        fd = os.open(path, _FOLDER)
    except FileNotFoundError:
        return True
    except OSError:  # a file, or a link: removed as it is
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError:
            return False
        return True
    complete = True
    # for each folder above the current one: who it is, the name of the one below
    # it that we went into, and its subfolders still to remove
    above: list[tuple[tuple[int, int], str, list[str]]] = []
    here = _identity(fd)
    pending, cleared = _clear_files(fd)
    complete &= cleared
    try:
        while True:
            if pending:
                name = pending.pop()
                try:
                    below = os.open(name, _FOLDER, dir_fd=fd)
                except OSError:
                    complete = False
                    continue
                above.append((here, name, pending))
                os.close(fd)
                fd, here = below, _identity(below)
                pending, cleared = _clear_files(fd)
                complete &= cleared
                continue
            if not above:
                break
            here, name, pending = above.pop()
            parent = os.open('..', _FOLDER, dir_fd=fd)
            os.close(fd)
            fd = parent
            if _identity(fd) != here:  # moved while we were below: stop here
                return False
            try:
                os.rmdir(name, dir_fd=fd)
            except OSError:
                complete = False
    except OSError:
        return False
    finally:
        os.close(fd)
    try:
        os.rmdir(path)
    except OSError:
        return False
    return complete


def _identity(fd: int) -> tuple[int, int]:
    found = os.fstat(fd)
    return found.st_dev, found.st_ino


def _clear_files(fd: int) -> tuple[list[str], bool]:
    """Unlink everything in the folder `fd` but its subfolders, which it returns;
    and whether every file went."""
    folders: list[str] = []
    cleared = True
    with os.scandir(fd) as entries:
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.name)
                else:
                    os.unlink(entry.name, dir_fd=fd)
            except FileNotFoundError:
                pass
            except OSError:
                cleared = False
    return folders, cleared
