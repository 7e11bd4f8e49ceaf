"""Reading what a student handed in without trusting its shape.

A submission's files are looked at with lstat and opened with O_NOFOLLOW, so a
link is reported and never followed; a file's size is checked before it is read
and no read takes more than the caller's limit, so a huge or sparse file costs
nothing; walks are iterative and stop at a depth and a count, so a tree of any
shape costs the grader a bounded amount of time and memory, and never its stack.

Whatever the grader refuses raises `Refused`, an `OSError` whose `strerror` is a
reason a teacher or student can read (it fits after "was left out:").
"""
from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = ['Entry', 'MAX_DEPTH', 'MAX_ENTRIES', 'Refused', 'kind_of', 'listing',
           'make_folders', 'read_limited', 'walk']

MAX_DEPTH = 16  # folders inside folders; a project with a package in it needs a few
MAX_ENTRIES = 5_000  # files and folders in one submission
LINK = 'it is a link, and links are never followed'
NOT_A_FILE = 'it is not a regular file'
# what open() may meet on the way: FIFOs must not block, nothing may be inherited.
# Windows has none of these flags, nor folders opened by fd: there every step is
# checked with lstat before the file is opened (see `_open_checked`)
READ_FLAGS = os.O_RDONLY | getattr(os, 'O_NOFOLLOW', 0) | getattr(os, 'O_NONBLOCK', 0) | \
    getattr(os, 'O_CLOEXEC', 0) | getattr(os, 'O_BINARY', 0)
FOLDER_FLAGS = os.O_RDONLY | getattr(os, 'O_NOFOLLOW', 0) | getattr(os, 'O_DIRECTORY', 0) | \
    getattr(os, 'O_CLOEXEC', 0)
BY_FOLDER = os.open in os.supports_dir_fd
REPARSE_POINT = 0x400  # Windows' junctions and links: never followed either

Kind = Literal['file', 'folder', 'link', 'other']


class Refused(OSError):
    """A file or tree the grader will not read, and why."""

    def __init__(self, path: Path | str, reason: str, code: int = errno.EPERM) -> None:
        super().__init__(code, reason, str(path))


@dataclass(frozen=True)
class Entry:
    parts: tuple[str, ...]  # the path below the walk's root
    kind: Kind
    size: int  # in bytes, as lstat gives it (a link's own size, a folder's 0)


def kind_of(mode: int) -> Kind:
    if stat.S_ISLNK(mode):
        return 'link'
    if stat.S_ISDIR(mode):
        return 'folder'
    return 'file' if stat.S_ISREG(mode) else 'other'


def read_limited(path: Path, max_bytes: int, beneath: Path | None = None) -> bytes:
    """The bytes of the regular file `path`, which may hold at most `max_bytes`.

    Refused when `path` is a link, not a regular file, or larger than `max_bytes`
    (checked before reading, and again after, for a file that grows meanwhile: at
    most `max_bytes + 1` bytes are ever read). With `beneath`, every folder between
    it and `path` is opened without following links too, so a linked folder on the
    way is refused as well; `beneath` itself is trusted."""
    fd = _open_file(path, beneath)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Refused(path, NOT_A_FILE, errno.EINVAL)
        if info.st_size > max_bytes:
            raise _too_large(path, max_bytes)
        chunks: list[bytes] = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b''.join(chunks)
        if len(data) > max_bytes:
            raise _too_large(path, max_bytes)
        return data
    finally:
        os.close(fd)


def listing(folder: Path, max_entries: int = MAX_ENTRIES) -> list[Entry]:
    """What `folder` holds, one level, by lstat, sorted by name."""
    return sorted((Entry((name,), kind_of(mode), size)
                   for name, mode, size in _children(folder, (), max_entries)),
                  key=lambda e: e.parts)


def walk(root: Path, max_depth: int = MAX_DEPTH, max_entries: int = MAX_ENTRIES
         ) -> list[Entry]:
    """Everything under `root`, sorted by path; links are reported, never entered.

    Refused when something lies more than `max_depth` levels below `root`, the tree
    holds more than `max_entries` entries, or a folder in it cannot be read."""
    entries: list[Entry] = []
    stack: list[tuple[str, ...]] = [()]
    while stack:
        parts = stack.pop()
        children = _children(root, parts, max_entries - len(entries), max_entries)
        if children and len(parts) >= max_depth:
            raise Refused(root, f'it nests folders more than {max_depth} deep', errno.ELOOP)
        for name, mode, size in children:
            entry = Entry((*parts, name), kind_of(mode), size)
            entries.append(entry)
            if entry.kind == 'folder':
                stack.append(entry.parts)
    return sorted(entries, key=lambda e: e.parts)


def make_folders(base: Path, parts: tuple[str, ...]) -> Path:
    """`base` joined with `parts`, each folder made in turn (`base` must exist).

    Made one by one, with no recursion; a part that is there already must be a
    folder, not a link to one."""
    if len(parts) > MAX_DEPTH:
        raise Refused(base.joinpath(*parts), f'it nests folders more than {MAX_DEPTH} deep',
                      errno.ELOOP)
    folder = base
    for part in parts:
        folder = folder / part
        try:
            os.mkdir(folder)
        except FileExistsError:
            mode = os.lstat(folder).st_mode
            if not stat.S_ISDIR(mode):
                raise Refused(folder, LINK if stat.S_ISLNK(mode) else 'it is not a folder',
                              errno.ENOTDIR) from None
    return folder


def _children(root: Path, parts: tuple[str, ...], room: int,
              max_entries: int | None = None) -> list[tuple[str, int, int]]:
    """(name, lstat mode, size) of each entry of a folder; at most `room` of them."""
    found: list[tuple[str, int, int]] = []
    try:
        with os.scandir(root.joinpath(*parts)) as names:
            for item in names:
                if len(found) >= room:
                    raise Refused(root, f'it holds more than {max_entries or room} files '
                                        f'and folders', errno.EMFILE)
                info = item.stat(follow_symlinks=False)
                found.append((item.name, info.st_mode, info.st_size))
    except Refused:
        raise
    except OSError as exc:
        where = f'its folder {"/".join(parts)}' if parts else 'it'
        raise Refused(root, f'{where} cannot be read ({exc.strerror})',
                      exc.errno or errno.EIO) from None
    return found


def _open_file(path: Path, beneath: Path | None) -> int:
    relative = path.relative_to(beneath).parts if beneath is not None else ()
    if beneath is not None and (not relative or '..' in relative):
        raise Refused(path, f'it is not inside {beneath}', errno.EINVAL)
    if not BY_FOLDER:
        return _open_checked(path, beneath, relative)
    if beneath is None:
        return _open(path, READ_FLAGS)
    folder = os.open(beneath, FOLDER_FLAGS & ~getattr(os, 'O_NOFOLLOW', 0))
    try:
        for part in relative[:-1]:
            inner = _open(Path(part), FOLDER_FLAGS, folder)
            os.close(folder)
            folder = inner
        return _open(Path(relative[-1]), READ_FLAGS, folder)
    finally:
        os.close(folder)


def _open_checked(path: Path, beneath: Path | None, relative: tuple[str, ...]) -> int:
    """Where folders cannot be opened by fd (Windows): each step below `beneath` (or
    `path` alone) looked at with lstat, then the file opened. A link swapped in between
    the look and the open could be followed: this is a student's own machine, checking
    their own files, never a teacher's grading of a class (which needs Linux)."""
    steps = [path] if beneath is None else \
        [beneath.joinpath(*relative[:depth]) for depth in range(1, len(relative) + 1)]
    for step in steps:
        info = os.lstat(step)
        if stat.S_ISLNK(info.st_mode) or getattr(info, 'st_file_attributes', 0) & REPARSE_POINT:
            raise Refused(step, LINK, errno.ELOOP)
    return os.open(path, READ_FLAGS)


def _open(path: Path, flags: int, folder: int | None = None) -> int:
    try:
        return os.open(path, flags, dir_fd=folder)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR) and _is_link(path, folder):
            raise Refused(path, LINK, errno.ELOOP) from None
        raise


def _is_link(path: Path, folder: int | None) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path, dir_fd=folder).st_mode)
    except OSError:
        return False


def _too_large(path: Path, max_bytes: int) -> Refused:
    return Refused(path, f'it is larger than {_size(max_bytes)}', errno.EFBIG)


def _size(count: int) -> str:
    for unit, scale in (('MiB', 2 ** 20), ('KiB', 2 ** 10)):
        if count >= scale and count % scale == 0:
            return f'{count // scale} {unit}'
    return f'{count} bytes'
