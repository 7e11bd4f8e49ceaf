# Run `pytest` in this folder to check your work: it runs the same checks as
# `hexgrade check .`, one test for each exercise. When a test fails, read its first
# FAIL: what was checked, the call that went wrong, the board, and a hint.
from pathlib import Path

import pytest

from autograder.integrations.pytest_plugin import EXERCISE_NAMES, check_exercise

HERE = Path(__file__).parent


@pytest.mark.parametrize('exercise', EXERCISE_NAMES)
def test_exercise(exercise: str) -> None:
    check_exercise(exercise, HERE)
