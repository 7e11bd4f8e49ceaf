"""What grading reads of a submission, read once: the snapshot that is graded, digested
and cached, whatever happens to the student's files afterwards.

A class on a shared drive can change while it is graded: a student who saves a file
between the moment their submission is digested and the moment it is graded must not
decide a record filed under the old digest (nor a classmate's, who handed in the same
files). So a submission is read once, into a `Snapshot`: the names and kinds of a
folder's top-level entries, and the bytes of its `.py` and `.ipynb` files (or of the
one file handed in), each read as hostile (no link followed, no more than its limit,
see `safe_files`). Everything after works from the snapshot alone: finding each
exercise's source (`locate`), the cache's key (`digest`), and a batch worker's job,
which carries the snapshot as a file the grader wrote into a folder of its own
(`write`, `read`).
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from autograder.errors import UsageError
from autograder.submission.safe_files import LINK, Refused, read_limited

GRADED = ('.py', '.ipynb')


def graded_name(name: str) -> bool:
    """Whether grading reads a file of this name: a `.py` or `.ipynb` file, whatever the
    case of its suffix, or one a browser saved with `.txt` after it."""
    lowered = name.lower()
    return lowered.endswith(GRADED) or lowered.endswith(('.py.txt', '.ipynb.txt'))
MAX_BYTES = 1024 * 1024          # the code itself: far beyond any honest answer
MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024  # stored outputs (plots, printouts) are dropped
MAX_ENTRIES = 2000               # a folder's entries looked at, at most
# all a snapshot's files together: a folder of many large notebooks is read up to
# this much, and what does not fit is refused like a file too large
MAX_TOTAL_BYTES = 96 * 1024 * 1024
TOO_MUCH = 'the files handed in beside it come to more than the grader reads'
TIP = 'give a folder, a .py file or a .ipynb notebook'


@dataclass(frozen=True)
class Snapshot:
    """A folder's top level (each entry's name and kind: 'file', 'link', 'folder' or
    'other'), and the files grading reads of it, each as its bytes or as the reason it
    was not read; or one file handed in alone (`folder` False, its one entry)."""

    path: str  # where it was read from: for messages, never read again
    folder: bool
    entries: tuple[tuple[str, str], ...]
    files: tuple[tuple[str, bytes | str], ...]

    @property
    def name(self) -> str:
        return os.path.basename(self.path.rstrip('/')) or self.path

    def content(self, name: str) -> bytes | str | None:
        """The bytes of the file `name`, or why they were not read; None when the
        snapshot holds no such file."""
        return dict(self.files).get(name)


def take(path: Path) -> Snapshot:
    """Read what grading reads of `path`, once. A path that is not a folder, a `.py`
    file or a notebook is a usage error, said before anything is graded."""
    try:
        info = os.lstat(path)
    except OSError:
        raise UsageError(f'{path} does not exist', tip=TIP) from None
    if stat.S_ISDIR(info.st_mode):
        return _folder(path)
    if stat.S_ISLNK(info.st_mode):
        raise UsageError(f'{path} is a link', tip='give the file or folder itself')
    if not stat.S_ISREG(info.st_mode):
        raise UsageError(f'{path} is neither a file nor a folder', tip=TIP)
    if path.suffix not in GRADED:
        raise UsageError(f'{path} is neither a .py file nor a .ipynb notebook', tip=TIP)
    return Snapshot(str(path), False, ((path.name, 'file'),),
                    ((path.name, _read(path, MAX_TOTAL_BYTES)),))


def _folder(folder: Path) -> Snapshot:
    entries = _entries(folder)
    budget = MAX_TOTAL_BYTES
    files: list[tuple[str, bytes | str]] = []
    for name, kind in entries:
        if kind != 'file' or not graded_name(name):
            continue
        data = _read(folder / name, budget)
        budget -= len(data) if isinstance(data, bytes) else 0
        files.append((name, data))
    return Snapshot(str(folder), True, tuple(entries), tuple(files))


def _entries(folder: Path) -> list[tuple[str, str]]:
    """The folder's entries by name, never followed, and at most MAX_ENTRIES."""
    found: list[tuple[str, str]] = []
    try:
        with os.scandir(folder) as listing:
            for count, entry in enumerate(listing):
                if count >= MAX_ENTRIES:
                    break
                found.append((entry.name, _kind(entry)))
    except OSError:
        pass
    return sorted(found)


def _kind(entry: os.DirEntry[str]) -> str:
    try:
        if entry.is_symlink():
            return 'link'
        if entry.is_dir(follow_symlinks=False):
            return 'folder'
        return 'file' if entry.is_file(follow_symlinks=False) else 'other'
    except OSError:
        return 'other'


def _read(path: Path, budget: int) -> bytes | str:
    """The file's bytes, or why they were not read: never through a link, and never
    more than its limit (nor than what is left of the snapshot's) read."""
    limit = MAX_NOTEBOOK_BYTES if '.ipynb' in path.name.lower() else MAX_BYTES
    try:
        return read_limited(path, min(limit, budget))
    except Refused as refused:
        if refused.strerror == LINK:
            return 'link'
        if refused.errno == errno.EFBIG:
            return 'too large' if limit <= budget else TOO_MUCH
        return f'could not be read: {refused.strerror}'
    except OSError as exc:
        return f'could not be read ({exc.strerror})'


# -- digests, and the files a batch's jobs carry ---------------------------------------

def _header(snapshot: Snapshot, with_path: bool) -> bytes:
    described = {'folder': snapshot.folder, 'entries': snapshot.entries,
                 'files': [(name, len(data) if isinstance(data, bytes) else data)
                           for name, data in snapshot.files]}
    if with_path:
        described['path'] = snapshot.path
    return json.dumps(described, sort_keys=True).encode('ascii')


def digest(snapshot: Snapshot) -> str:
    """A digest of everything in the snapshot but where it was read from: two
    submissions with the same digest are graded from the same bytes."""
    hashed = hashlib.sha256(b'hexgrade-snapshot\0')
    hashed.update(_header(snapshot, with_path=False))
    for _, data in snapshot.files:
        if isinstance(data, bytes):
            hashed.update(data)
    return hashed.hexdigest()


def write(snapshot: Snapshot, target: Path) -> None:
    """The snapshot as one file, for a worker to grade: a line with the header's
    length, the header (JSON), then each file's bytes in order. Written only into a
    folder of the grader's own, which no student's code can reach."""
    header = _header(snapshot, with_path=True)
    with open(target, 'xb') as stream:
        stream.write(b'%d\n' % len(header) + header)
        for _, data in snapshot.files:
            if isinstance(data, bytes):
                stream.write(data)


def read(source: Path) -> Snapshot:
    """A snapshot `write` wrote."""
    raw = source.read_bytes()
    length, _, rest = raw.partition(b'\n')
    header = json.loads(rest[:int(length)])
    data, at = [], int(length)
    for name, size in header['files']:
        if isinstance(size, int):
            data.append((name, rest[at:at + size]))
            at += size
        else:
            data.append((name, size))
    return Snapshot(header['path'], header['folder'],
                    tuple((name, kind) for name, kind in header['entries']), tuple(data))
