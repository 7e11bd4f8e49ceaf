"""Folder trees deeper than any recursion may go, made and removed one level at a time.

Paths deeper than the system's path limit cannot be named whole: the chain is made
going down by folder handles, and removed from the top."""
from __future__ import annotations

import os
from pathlib import Path


def make_chain(top: Path, depth: int, name: str = 'd', last: tuple[str, str] | None = None
               ) -> None:
    """`top/name/name/...`, `depth` folders deep; `last` = (file name, text) put at the
    bottom."""
    top.mkdir(parents=True, exist_ok=True)
    folder = os.open(top, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for _ in range(depth):
            os.mkdir(name, dir_fd=folder)
            inner = os.open(name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=folder)
            os.close(folder)
            folder = inner
        if last is not None:
            file = os.open(last[0], os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=folder)
            os.write(file, last[1].encode())
            os.close(file)
    finally:
        os.close(folder)


def remove_chain(top: Path, name: str = 'd') -> None:
    """Undo `make_chain` (whatever is at the bottom goes too): the level below the
    top moves up in its place, again and again, so no path ever gets long."""
    folder, spare = top / name, top / f'{name}.next'
    while folder.is_dir():
        if (folder / name).is_dir():
            (folder / name).rename(spare)
        for item in folder.iterdir():
            item.unlink()
        folder.rmdir()
        if spare.is_dir():
            spare.rename(folder)
