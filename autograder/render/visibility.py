"""What students may see, applied to results before any renderer shows them.

`everything`: all of it. `hints`: the failing input, what came back and the hint,
but never the expected value. `names`: each check's title and verdict only.
`score`: each exercise's score only.
"""
from __future__ import annotations

from dataclasses import replace

from autograder.records import CheckResult, ExerciseResult, Status, SubmissionResult


def for_students(result: SubmissionResult, show: str) -> SubmissionResult:
    if show == 'everything':
        return result
    return replace(result, exercises=tuple(_exercise(e, show) for e in result.exercises))


def _exercise(exercise: ExerciseResult, show: str) -> ExerciseResult:
    # the diagnosis (a named misconception or a description of where the function goes
    # wrong) stays for the teacher: Gradescope keeps extra_data from students. A
    # description tells no expected value that the check's title does not already give,
    # so "hints" shows it, as the hint it is. Flags are for the teacher alone
    if show == 'score':
        status: Status = 'passed' if exercise.points >= exercise.max_points else 'failed'
        total = CheckResult('score', f'{exercise.exercise} score', status, exercise.points,
                            exercise.max_points)
        return replace(exercise, checks=(total,), problem=None, flags=())
    return replace(exercise, checks=tuple(_check(c, show) for c in exercise.checks),
                   problem=exercise.problem if show == 'hints' else None, flags=())


def _check(check: CheckResult, show: str) -> CheckResult:
    if check.finding is None:
        return check
    if show == 'names':
        return replace(check, finding=None)
    return replace(check, finding=replace(check.finding, expected=None, difference=None))
