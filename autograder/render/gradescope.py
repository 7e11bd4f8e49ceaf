"""Results as one Gradescope `results.json` object."""
from __future__ import annotations

from typing import Any

from autograder.records import CheckResult, ExerciseResult, SubmissionResult
from autograder.render.terminal import finding_lines


def results_json(result: SubmissionResult) -> dict[str, Any]:
    return {
        'score': result.points,
        'max_score': result.max_points,
        'visibility': 'visible',
        'stdout_visibility': 'hidden',
        'tests': [_test(result, exercise, check) for exercise in result.exercises
                  for check in exercise.checks],
        'extra_data': {'grader_version': result.grader_version, 'seed': result.seed,
                       'isolation': result.isolation, 'source': result.source},
    }


def _test(result: SubmissionResult, exercise: ExerciseResult, check: CheckResult
          ) -> dict[str, Any]:
    extra: dict[str, Any] = {'exercise': exercise.exercise, 'check': check.name,
                             'state': check.status, 'isolation': result.isolation,
                             'flags': [flag.kind for flag in exercise.flags]}
    if check.status == 'failed' and exercise.misconception:
        extra['misconception'] = exercise.misconception
    if check.status == 'failed' and exercise.description:
        extra['description'] = exercise.description
    return {
        'name': f'{exercise.exercise}: {check.title}',
        'score': check.points,
        'max_score': check.max_points,
        'status': 'passed' if check.status == 'passed' else 'failed',
        'output': _output(exercise, check),
        'visibility': 'visible',
        'extra_data': extra,
    }


def _output(exercise: ExerciseResult, check: CheckResult) -> str:
    # where a notebook's exercise was graded from, and its notes, go with its first test
    first = check is exercise.checks[0]
    lines = [f'({exercise.origin})'] if first and exercise.origin else []
    if check.status == 'skipped':
        lines.append(f'Skipped: {check.reason}')
    elif check.finding is not None:
        lines += finding_lines(check.finding)
    if check.note:
        lines.append(f'note: {check.note}')
    if first:
        lines += [f'note: {note}' for note in exercise.notes]
    return '\n'.join(lines)
