"""The assignment notebook: introduction, then per exercise a heading, the answer
cell and the grading cell, as nbformat 4 JSON with nbgrader's cell metadata.

Written as plain data so that writing a course needs neither nbformat nor nbgrader;
the tests validate the result with both.
"""
from __future__ import annotations

import pprint
from typing import Any

from autograder.exercises import EXERCISES
from autograder.exercises.spec import Exercise
from autograder.integrations.nbgrader.answers import answer
from autograder.integrations.nbgrader.layout import GAME_FILE, answer_cell, test_cell
from autograder.integrations.nbgrader.settings import cell_settings
from autograder.settings.config import Config

INTRODUCTION = f"""\
# Hexapawn: three functions

Hexapawn is chess cut down to a 3 by 3 board with three pawns on each side. Here a
board is a string of 9 characters, the squares row by row from the top: `'B'` is a
black pawn, `'W'` a white one, `'.'` an empty square. A game starts from
`'BBB...WWW'`, White moves first, and pawns move as in chess: one square straight
ahead onto an empty square, or one square diagonally ahead to take.

Each exercise below has an answer cell and a grading cell under it. Write your
function in the answer cell and run it, then run the grading cell: it tries your
function on many boards and, when something is wrong, shows the simplest board it
went wrong on, what it expected, what came back and a hint.

The grading cell runs your function in a separate process, never in this notebook,
so a function that never stops costs you only that exercise's points. It grades each
answer cell on its own: keep everything a function needs (imports, helpers) in its
cell. `{GAME_FILE}` beside this notebook holds the game's rules, so
`from hexapawn import moves` works in any cell.
"""

GRADING_COMMENT = """\
# Grades your {name} cell above with hexgrade, in a separate sandboxed process.
# Run your cell first, then this one. Leave this cell as it is: it is replaced by
# the teacher's copy when your notebook is graded.
"""


def assignment_notebook(config: Config) -> dict[str, Any]:
    cells = [_markdown('introduction', INTRODUCTION)]
    for exercise in EXERCISES:
        cells += _exercise_cells(exercise, config)
    return {
        'cells': cells,
        'metadata': {
            'kernelspec': {'display_name': 'Python 3 (ipykernel)', 'language': 'python',
                           'name': 'python3'},
            'language_info': {'name': 'python'},
        },
        'nbformat': 4,
        'nbformat_minor': 5,
    }


def grading_source(exercise: Exercise, config: Config) -> str:
    """The grading cell: a comment, one import, and a call whose value is the score."""
    settings = pprint.pformat(cell_settings(config), width=80, sort_dicts=False)
    call = f'grade({exercise.name!r},\n      ' + settings.replace('\n', '\n      ') + ')'
    return (GRADING_COMMENT.format(name=exercise.name)
            + 'from autograder.integrations.nbgrader.cell import grade\n\n' + call)


def _exercise_cells(exercise: Exercise, config: Config) -> list[dict[str, Any]]:
    made = answer(exercise)
    return [
        _markdown(f'about_{exercise.name}', f'## {made.title}\n\nWrite `{exercise.signature}`'
                                            f' in the cell below.'),
        _code(answer_cell(exercise.name), made.source, solution=True),
        _code(test_cell(exercise.name), grading_source(exercise, config),
              points=config.points[exercise.name]),
    ]


def _markdown(grade_id: str, text: str) -> dict[str, Any]:
    return {'cell_type': 'markdown', 'id': grade_id.replace('_', '-'),
            'metadata': {'nbgrader': _nbgrader(grade_id, locked=True)},
            'source': text.rstrip('\n')}


def _code(grade_id: str, source: str, solution: bool = False,
          points: float | None = None) -> dict[str, Any]:
    meta = _nbgrader(grade_id, locked=not solution, solution=solution)
    if points is not None:
        meta.update(grade=True, points=points)
    return {'cell_type': 'code', 'execution_count': None, 'id': grade_id.replace('_', '-'),
            'metadata': {'nbgrader': meta}, 'outputs': [], 'source': source}


def _nbgrader(grade_id: str, locked: bool, solution: bool = False) -> dict[str, Any]:
    # schema 3 is the cell metadata nbgrader 0.6 and later read and write
    return {'grade': False, 'grade_id': grade_id, 'locked': locked, 'schema_version': 3,
            'solution': solution, 'task': False}
