"""Symbolic links in a class are never followed.

A class unpacked with `unzip` or `tar` keeps the links students packed, and a link
named mirror.py can point at any file the teacher may read. A submission holding
links is graded from a copy without them, and the teacher is told what was left out.
"""
from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from .students import Student


def without_links(student: Student, root: Path, workdir: Path, stem: str) -> Student:
    """`student` graded from a copy without links; `root` is the class they are in."""
    path = student.path
    if path is None:
        return student
    linked = next((p for p in (path, *path.parents) if p.is_symlink()), None)
    if linked is not None and linked != root and linked.is_relative_to(root):
        return replace(student, path=None, problem=f'{linked.name} is a link, and links '
                                                   f'are never followed: nothing was graded')
    if not path.is_dir():
        return student
    links = sorted(p for p in path.rglob('*') if p.is_symlink())
    if not links:
        return student
    copy = workdir / 'without-links' / stem
    shutil.copytree(path, copy, symlinks=True, ignore=_links)
    names = ', '.join(p.relative_to(path).as_posix() for p in links)
    return replace(student, path=copy,
                   notes=student.notes + (f'left out, as links to other files: {names}',))


def _links(folder: str, names: list[str]) -> list[str]:
    return [name for name in names if Path(folder, name).is_symlink()]
