"""A submission's results in the results.json a Gradescope autograder writes.

Built on `hexgrade check --json`'s object. Tests show students what `students.show`
allows; outputs are Markdown with the text in a code block, so that the boards stay
drawn. When students see less than everything, the whole record goes in as well, in
tests hidden from students, for the teacher: they carry no points, as the points are
in the tests students see.
"""
from __future__ import annotations

import re
from typing import Any

from autograder.records import SubmissionResult
from autograder.render.gradescope import results_json
from autograder.render.visibility import for_students
from autograder.settings.config import Config

TEACHER = '(for the teacher) '


def gradescope_results(result: SubmissionResult, config: Config, seconds: float
                       ) -> dict[str, Any]:
    data = results_json(for_students(result, config.show))
    tests = [_formatted(test, 'visible') for test in data['tests']]
    if config.show != 'everything':
        tests += [_formatted({**test, 'name': TEACHER + test['name'], 'score': 0.0,
                              'max_score': 0.0}, 'hidden')
                  for test in results_json(result)['tests']]
    notes = [f'Graded by hexgrade {result.grader_version} (isolation: {result.isolation}).']
    notes += list(result.notes)
    data.update(tests=tests, output=fenced('\n'.join(notes)), output_format='md',
                execution_time=round(seconds), visibility='visible',
                stdout_visibility='hidden')
    # Gradescope takes the assignment's points from its own settings, and no
    # max_score at the top: the total possible stays with the rest of our data
    data['extra_data'].update(settings=config.source, max_score=data.pop('max_score'))
    return data


def _formatted(test: dict[str, Any], visibility: str) -> dict[str, Any]:
    return {**test, 'output': fenced(test['output']), 'output_format': 'md',
            'visibility': visibility}


def fenced(text: str) -> str:
    """`text` as one Markdown code block: a fence longer than any run of backticks in
    it, so that nothing a student wrote can end the block and be read as Markdown."""
    if not text:
        return ''
    longest = max((len(run) for run in re.findall(r'`+', text)), default=0)
    fence = '`' * max(3, longest + 1)
    return f'{fence}\n{text}\n{fence}'
