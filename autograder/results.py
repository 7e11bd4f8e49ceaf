"""Grading results as plain data. Every output format renders these records."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Status = Literal['passed', 'failed', 'skipped']
# 'crash' is the student's program stopping; 'grader error' is the grader failing on a
# submission, which says nothing of the student's work
# the words a note on a file handed in under a name chosen for it holds (see
# `grading.renamed_notes`): the gradebook's notes keep such notes
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
