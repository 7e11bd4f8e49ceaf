"""The fixture pieces in autograder/sample_class/pieces, each graded once per test run.

A piece is one exercise's file as a student might hand it in: `correct_<style>.py`
gets full marks, `<mistake>.py` is one catalogue mistake (named for it in snake
case), and the few in FLAGGED are right answers a teacher should look at.
"""
from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import autograder
from autograder.exercises import BY_NAME
from autograder.grading import grade_exercise
from autograder.records import ExerciseResult, SubmissionResult
from autograder.sandbox.isolation import FLOOR
from autograder.settings.config import Config
from autograder.submission.locate import locate

PIECES = Path(autograder.__file__).parent / 'sample_class' / 'pieces'
FLAGGED = frozenset({'count_boxes/hard_coded'})


@dataclass(frozen=True)
class Piece:
    exercise: str
    name: str
    path: Path

    @property
    def key(self) -> str:
        return f'{self.exercise}/{self.name}'

    @property
    def correct(self) -> bool:
        return self.name.startswith('correct_')


def snake(mistake: str) -> str:
    """A mistake's file name: "White's positions counted" -> whites_positions_counted."""
    return re.sub(r'[^a-z0-9]+', '_', mistake.lower().replace("'", '')).strip('_')


def pieces() -> list[Piece]:
    return [Piece(folder.name, path.stem, path)
            for folder in sorted(PIECES.iterdir()) if folder.is_dir()
            for path in sorted(folder.glob('*.py'))]


@lru_cache(maxsize=None)
def graded() -> dict[str, ExerciseResult]:
    """Every piece graded with the default settings; two at a time, each in its child."""
    def grade(piece: Piece) -> ExerciseResult:
        exercise = BY_NAME[piece.exercise]
        located = locate(piece.path, (exercise.name,))[exercise.name]
        return grade_exercise(exercise, located, Config(), FLOOR)
    found = pieces()
    with ThreadPoolExecutor(max_workers=2) as pool:
        return {piece.key: result for piece, result in zip(found, pool.map(grade, found))}


def submission(result: ExerciseResult) -> SubmissionResult:
    """One exercise's result as a whole submission, for the renderers."""
    return SubmissionResult('piece', (result,), autograder.__version__, 0, FLOOR.name)
