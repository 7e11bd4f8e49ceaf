"""Names the generated course and the gradebook writer must agree on.

nbgrader finds cells by their `grade_id` and assignments and notebooks by name,
so both directions (writing the course, writing scores into its gradebook) take
these names from here.
"""
from __future__ import annotations

from pathlib import Path

ASSIGNMENT = 'hexapawn'
NOTEBOOK = 'hexapawn'
GAME_FILE = 'hexapawn.py'
CONFIG_FILE = 'nbgrader_config.py'


def answer_cell(exercise: str) -> str:
    """The `grade_id` of the cell where students write `exercise`."""
    return f'answer_{exercise}'


def test_cell(exercise: str) -> str:
    """The `grade_id` of the autograded cell that scores `exercise`."""
    return f'test_{exercise}'


def source_notebook(course: Path) -> Path:
    return course / 'source' / ASSIGNMENT / f'{NOTEBOOK}.ipynb'
