# Run `pytest` in this folder to check your work: it runs the same checks as
# `hexgrade check .`, one test for each exercise. When a test fails, read its first
# FAIL: what was checked, the call that went wrong, the board, and a hint.
from pathlib import Path

from autograder.pytest_support import check_exercise

HERE = Path(__file__).parent


def test_mirror() -> None:
    check_exercise('mirror', HERE)


def test_winner() -> None:
    check_exercise('winner', HERE)


def test_count_boxes() -> None:
    check_exercise('count_boxes', HERE)
