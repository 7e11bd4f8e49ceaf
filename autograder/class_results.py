"""A class's records: each student with what they got, and the batch they make.

`classroom` grades a class into a `Batch`; the renderers turn one into the
gradebooks and pages. Neither needs the other, so the records sit below both.
"""
from __future__ import annotations

from dataclasses import dataclass

from autograder.results import SubmissionResult
from autograder.settings.config import Config
from autograder.students import Found, Student


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
