"""A submission's results in the results.json a PrairieLearn external grader writes:
`score` from 0 to 1, and a test per check with points, output and a message.

PrairieLearn shows every test to the student, so what a test holds is cut to what
`students.show` allows; test outputs are shown as preformatted text, boards and all.
"""
from __future__ import annotations

from typing import Any

from autograder.records import SubmissionResult
from autograder.render.gradescope import results_json
from autograder.render.visibility import for_students
from autograder.settings.config import Config

MESSAGES = {'passed': 'passed', 'failed': 'failed', 'skipped': 'skipped: it waits for '
                                                               'another check'}


def prairielearn_results(result: SubmissionResult, config: Config, seconds: float
                         ) -> dict[str, Any]:
    shown = for_students(result, config.show)
    tests = [{'name': test['name'], 'points': test['score'], 'max_points': test['max_score'],
              'output': test['output'], 'message': MESSAGES[test['extra_data']['state']]}
             for test in results_json(shown)['tests']]
    by_exercise = ', '.join(f'{e.exercise} {e.points:g}/{e.max_points:g}'
                            for e in result.exercises)
    score = result.points / result.max_points if result.max_points else 0.0
    return {
        'gradable': True,
        'score': min(1.0, max(0.0, round(score, 4))),
        'message': f'{result.points:g}/{result.max_points:g} points ({by_exercise})',
        'output': '\n'.join([f'Graded by hexgrade {result.grader_version} in '
                             f'{seconds:.1f} s (isolation: {result.isolation}).',
                             *result.notes]),
        'tests': tests,
    }
