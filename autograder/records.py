"""Grading's records, as plain data: what each check and exercise of a submission came
to, who is in a class, and what each of them got. Every output format renders these
records; `classroom` makes a class's, `grading` a submission's, and neither needs the
other, so the records sit below both.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from autograder.settings.config import Config

Status = Literal['passed', 'failed', 'skipped']
# 'crash' is the student's program stopping; 'grader error' is the grader failing on a
# submission, which says nothing of the student's work
# the words a note on a file handed in under a name chosen for it holds (see
# `grading.notes.renamed_notes`): the gradebook's notes keep such notes
RENAMED = 'was graded as'

FlagKind = Literal['hard-coded', 'timeout', 'crash', 'not found', 'syntax error', 'output cut',
                   'grader error']


@dataclass(frozen=True)
class Finding:
    """What a failed check shows: the call, the board, expected and got, the hint."""

    summary: str
    call: str | None = None
    board: tuple[str, ...] = ()
    side: str | None = None
    expected: str | None = None
    got: str | None = None
    difference: int | None = None
    hint: str = ''
    misconception: str | None = None


@dataclass(frozen=True)
class CheckResult:
    name: str
    title: str
    status: Status
    points: float
    max_points: float
    finding: Finding | None = None
    reason: str | None = None
    # a passed check may still have something to say: a print left in, say, which
    # costs nothing unless the teacher gives it a weight
    note: str | None = None


@dataclass(frozen=True)
class Flag:
    """Something the teacher should look at; a flag never changes the score."""

    kind: FlagKind
    note: str


@dataclass(frozen=True)
class ExerciseResult:
    exercise: str
    points: float
    max_points: float
    checks: tuple[CheckResult, ...]
    problem: str | None = None
    misconception: str | None = None
    flags: tuple[Flag, ...] = ()
    # which part of a notebook or one-file hand-in the exercise was graded from
    origin: str | None = None
    # for the student, costing nothing: a slow but right answer, and how to speed it up
    notes: tuple[str, ...] = ()
    # where the function goes wrong, in the words its hints use, when no known mistake
    # explains it: for tools that count failures by kind, beside `misconception`
    description: str | None = None
    # a short hash of a failing function's answers on the exercise's whole domain:
    # students whose functions answer alike share it, so the class summary can group
    # mistakes by what they do, named or not. It tells nothing about any answer
    fingerprint: str | None = None


@dataclass(frozen=True)
class SubmissionResult:
    source: str
    exercises: tuple[ExerciseResult, ...]
    grader_version: str
    seed: int
    isolation: str
    notes: tuple[str, ...] = field(default=())

    @property
    def points(self) -> float:
        return round(sum(e.points for e in self.exercises), 2)

    @property
    def max_points(self) -> float:
        return round(sum(e.max_points for e in self.exercises), 2)

    @property
    def all_passed(self) -> bool:
        return not any(c.status == 'failed' for e in self.exercises for c in e.checks)


# -- a class ----------------------------------------------------------------------------

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


@dataclass(frozen=True)
class Graded:
    student: Student
    result: SubmissionResult
    seconds: float  # spent grading it in this run; 0 when it came from the cache
    cached: bool = False


@dataclass(frozen=True)
class Batch:
    found: Found
    graded: tuple[Graded, ...]
    config: Config
    isolation: str
    seconds: float

    @property
    def grader_failed(self) -> tuple[Graded, ...]:
        """The students the grader failed on: their records say nothing of their work."""
        return tuple(g for g in self.graded
                     if any(f.kind == 'grader error' for e in g.result.exercises for f in e.flags))

