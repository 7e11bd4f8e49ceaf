"""What the grader reads of a submission: no links, nothing huge, a bounded tree.

A class unpacked with `unzip` or `tar` keeps the links students packed, and a link
named mirror.py can point at any file the teacher may read; a folder can also nest
deeper than any walk should go, or hold a file of gigabytes. A submission with any
of these is graded from a copy without them, and the teacher is told what was left
out. One too deep or too large to walk is graded from a copy of its top level,
which is all that grading reads of a folder.
"""
from __future__ import annotations

import errno
import os
from dataclasses import replace
from pathlib import Path

from autograder.classroom.zipped_work import unpacked, zip_to_open
from autograder.errors import UsageError
from autograder.records import Student
from autograder.submission.safe_files import (Entry, Refused, kind_of, listing, make_folders,
                                              read_limited, walk)
from autograder.submission.snapshot import MAX_BYTES

MAX_COPY_BYTES = 32 * 1024 * 1024
LEFT_OUT = {'link': 'left out, as links to other files',
            'other': 'left out, as neither files nor folders',
            'large': f'left out, as larger than {MAX_BYTES // 1024} KiB',
            'budget': f'left out, as the copy graded had reached {MAX_COPY_BYTES // 2**20} MiB'}


def screened(student: Student, root: Path, workdir: Path, stem: str) -> Student:
    """`student` as the grader may read them; `root` is the class they are in, and a
    copy, when one is needed, goes into `workdir`."""
    path = student.path
    if path is None:
        return student
    linked = next((p for p in (path, *path.parents) if p.is_symlink()), None)
    if linked is not None and linked != root and linked.is_relative_to(root):
        return _nothing(student, f'{linked.name} is a link, and links are never followed')
    try:
        kind, size = _kind(path)
        if kind == 'file' and path.suffix.lower() == '.zip':
            return _opened(student, path, path, workdir, stem)
        if kind != 'folder':
            return _one_file(student, path, kind, size)
        try:
            entries, notes = walk(path), []
        except Refused as exc:
            entries = [e for e in listing(path) if e.kind != 'folder']
            notes = [f'only its top-level files were graded: {exc.strerror}']
        zipped = zip_to_open(path, entries) if not notes else None
        if zipped is not None:
            return _opened(student, path, zipped, workdir, stem)
        if not notes and all(_why_not(e) is None for e in entries):
            return student
        workdir.mkdir(parents=True, exist_ok=True)  # ours: only what comes below is theirs
        copy = make_folders(workdir, ('screened', stem))
        notes += _copy(path, entries, copy)
    except Refused as exc:
        return _nothing(student, f'{path.name}: {exc.strerror}')
    except OSError as exc:
        return _nothing(student, f'{path.name} cannot be read ({exc.strerror})')
    return replace(student, path=copy, notes=student.notes + tuple(notes))


def _opened(student: Student, path: Path, zipped: Path, workdir: Path, stem: str
            ) -> Student:
    """A student whose work came as a zip, graded from a copy of what is inside it."""
    workdir.mkdir(parents=True, exist_ok=True)  # ours: only what comes below is theirs
    copy = make_folders(workdir, ('screened', stem))
    try:
        notes = unpacked(zipped, copy)
    except UsageError as error:
        return _nothing(student, f'{zipped.name} was handed in, and {error}')
    return replace(student, path=copy, notes=student.notes + tuple(notes))


def _one_file(student: Student, path: Path, kind: str, size: int) -> Student:
    if kind == 'file' and size <= MAX_BYTES:
        return student
    return _nothing(student, f'{path.name} is not a regular file' if kind != 'file' else
                    f'{path.name} is larger than {MAX_BYTES // 1024} KiB')


def _copy(path: Path, entries: list[Entry], copy: Path) -> list[str]:
    """Copy what may be graded, top level first; the notes on what was left out."""
    left_out: dict[str, list[str]] = {}
    budget = MAX_COPY_BYTES
    for entry in sorted(entries, key=lambda e: (len(e.parts), e.parts)):
        why = _why_not(entry)
        if why is None and entry.kind == 'file':
            why = 'budget' if entry.size > budget else _copy_file(path, entry, copy)
            budget -= entry.size
        elif why is None:
            make_folders(copy, entry.parts)
        if why is not None:
            left_out.setdefault(why, []).append('/'.join(entry.parts))
    return [f'{LEFT_OUT[why]}: {", ".join(sorted(names))}' for why, names in left_out.items()]


def _copy_file(path: Path, entry: Entry, copy: Path) -> str | None:
    try:
        data = read_limited(path.joinpath(*entry.parts), MAX_BYTES, beneath=path)
    except Refused as exc:  # it changed since the walk
        return {errno.ELOOP: 'link', errno.EFBIG: 'large'}.get(exc.errno or 0, 'other')
    target = make_folders(copy, entry.parts[:-1]) / entry.parts[-1]
    with open(target, 'xb') as stream:  # 'x': never through a file already there
        stream.write(data)
    return None


def _why_not(entry: Entry) -> str | None:
    if entry.kind in ('link', 'other'):
        return entry.kind
    return 'large' if entry.kind == 'file' and entry.size > MAX_BYTES else None


def _kind(path: Path) -> tuple[str, int]:
    info = os.lstat(path)
    return kind_of(info.st_mode), info.st_size


def _nothing(student: Student, problem: str) -> Student:
    return replace(student, path=None, problem=f'{problem}: nothing was graded')
