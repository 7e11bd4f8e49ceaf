"""Who is in a class: each student found in CLASS, and what there is to grade.

Finding them is `classroom`'s work; these records are what it hands on, and what
the renderers name students and files by.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

UNSAFE = re.compile(r'[^A-Za-z0-9._-]+')
DEFAULT_ASSIGNMENT = 'hexapawn'


@dataclass(frozen=True)
class Student:
    """One student of the batch.

    `path` is what gets graded (a folder or one file); with nothing to grade it is
    None and `problem` says why. `notes` are things the teacher should know that
    are not the student's score (a late hand-in, a file left out of a zip)."""

    id: str
    path: Path | None
    name: str = ''
    problem: str | None = None
    notes: tuple[str, ...] = ()
    timestamp: str = ''
    late: bool = False


@dataclass(frozen=True)
class Found:
    """The students found in CLASS, and how CLASS was laid out."""

    layout: str
    students: tuple[Student, ...]
    assignment: str = DEFAULT_ASSIGNMENT
    stray: tuple[str, ...] = ()  # things in CLASS that belong to no student


def file_stems(students: list[Student] | tuple[Student, ...]) -> dict[str, str]:
    """A file name stem per student id, safe on any file system and never shared.

    Ids come from folder names and zip entries, so they may hold spaces, slashes or
    accents; pages and JSON files are named by these stems instead."""
    stems: dict[str, str] = {}
    taken: set[str] = set()
    for student in students:
        base = UNSAFE.sub('_', student.id).strip('._') or 'student'
        stem, number = base, 1
        while stem.lower() in taken:  # case-insensitive file systems exist
            number += 1
            stem = f'{base}-{number}'
        taken.add(stem.lower())
        stems[student.id] = stem
    return stems
