"""Records for students who could not be graded, so that no one drops out of a batch.

Both kinds score 0 with the reason on every exercise: nothing was handed in (the
student's side), or grading stopped on the submission (ours: flagged `grader error`,
never `crash`, which is the student's program stopping, so that the teacher sees
whose fault the 0 is and regrades).
"""
from __future__ import annotations

from dataclasses import replace
from typing import cast

from autograder import __version__
from autograder.exercises import EXERCISES
from autograder.grading import grade_exercise
from autograder.records import CheckResult, Flag, SubmissionResult
from autograder.sandbox import Isolation
from autograder.settings.config import Config
from autograder.submission.locate import Missing

STOPPED_HINT = ('This went wrong on the grading side, not in your code; your teacher '
                'will look at it.')


def nothing_to_grade(student_id: str, reason: str, config: Config,
                     isolation: str) -> SubmissionResult:
    exercises = tuple(grade_exercise(e, Missing(reason), config, cast(Isolation, _NO_PROCESS))
                      for e in EXERCISES)
    return SubmissionResult(student_id, exercises, __version__, config.properties.seed,
                            isolation)


def grading_stopped(student_id: str, reason: str, config: Config,
                    isolation: str) -> SubmissionResult:
    result = nothing_to_grade(student_id, reason, config, isolation)
    flag = Flag('grader error', reason)
    return replace(result, exercises=tuple(replace(e, flags=(flag,), checks=_ours(e.checks))
                                           for e in result.exercises))


def _ours(checks: tuple[CheckResult, ...]) -> tuple[CheckResult, ...]:
    first, rest = checks[0], checks[1:]
    if first.finding is None:
        return checks
    finding = replace(first.finding, hint=STOPPED_HINT)
    return (replace(first, finding=finding),) + rest


class _NoProcess:
    """`grade_exercise` starts no child for a missing file; this says so if it tried."""

    name = 'none'

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f'no process may be started for an ungraded student ({name})')


_NO_PROCESS = _NoProcess()
