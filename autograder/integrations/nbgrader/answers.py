"""The answer cells, made from the student kit's stubs and the model answers.

The source cell holds the stub, then the model answer between nbgrader's solution
markers. The model answer's definitions come later, so they replace the stub's when
the teacher's version runs; nbgrader's release drops the marked region, and with
an empty code stub (see `course.nbgrader_config`) the student is left with exactly
the stub. Definitions the model answer shares with the stub (the game helpers of
count_boxes) are dropped from it rather than repeated.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from autograder.errors import GraderError
from autograder.exercises.spec import Exercise
from autograder.kit.paths import KIT, SOLUTIONS

BEGIN, END = '### BEGIN SOLUTION', '### END SOLUTION'
CHECK_LINE = '# Check your work: run this cell, then the grading cell below it.'


@dataclass(frozen=True)
class Answer:
    title: str   # the stub's first comment line, for the exercise's heading
    source: str  # the answer cell as the teacher's notebook holds it


def answer(exercise: Exercise) -> Answer:
    stub = _read(KIT / exercise.filename)
    model = _read(SOLUTIONS / exercise.filename)
    title = stub.splitlines()[0].lstrip('#').strip() if stub.startswith('#') else exercise.name
    shown = '\n'.join(CHECK_LINE if 'hexgrade check' in line else line
                      for line in stub.rstrip().splitlines())
    return Answer(title, f'{shown}\n\n\n{BEGIN}\n{_beyond(model, stub)}\n{END}')


def _beyond(model: str, stub: str) -> str:
    """The model answer without the top-level statements the stub has already."""
    in_stub = {ast.dump(node) for node in ast.parse(stub).body}
    lines = model.splitlines()
    for node in reversed(ast.parse(model).body):
        if ast.dump(node) in in_stub:
            del lines[node.lineno - 1:node.end_lineno]
    return re.sub(r'\n{3,}', '\n\n\n', '\n'.join(lines)).strip('\n')


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding='utf-8')
    except OSError as exc:
        raise GraderError(f'{path} cannot be read ({exc.strerror}), so the answer cell '
                          f'cannot be made', tip='install hexgrade from its source folder: '
                                                 'pip install -e .') from None
