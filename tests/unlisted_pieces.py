"""Mistakes the catalogue does not list (tests/unlisted_mistakes/<exercise>/<name>.py),
graded once per test run, and any piece run in this process to see what it really does.

Running a piece here is safe only because pieces are our own fixtures: the grader
never does this with a student's file.
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from autograder.exercises import BY_NAME
from autograder.grading import grade_exercise
from autograder.kit.paths import KIT
from autograder.records import ExerciseResult
from autograder.sandbox.isolation import FLOOR
from autograder.settings.config import Config
from autograder.submission.locate import locate

from graded_pieces import Piece

UNLISTED = Path(__file__).parent / 'unlisted_mistakes'


def unlisted() -> list[Piece]:
    return [Piece(folder.name, path.stem, path)
            for folder in sorted(UNLISTED.iterdir()) if folder.is_dir()
            for path in sorted(folder.glob('*.py'))]


@lru_cache(maxsize=None)
def graded_unlisted() -> dict[str, ExerciseResult]:
    def grade(piece: Piece) -> ExerciseResult:
        exercise = BY_NAME[piece.exercise]
        return grade_exercise(exercise, locate(piece.path, (exercise.name,))[exercise.name],
                              Config(), FLOOR)
    found = unlisted()
    with ThreadPoolExecutor(max_workers=2) as pool:
        return {piece.key: result for piece, result in zip(found, pool.map(grade, found))}


@lru_cache(maxsize=None)
def loaded(path: Path) -> tuple[Callable[..., Any], str]:
    """The piece's function, and what loading it printed."""
    sys.path.insert(0, str(KIT))
    try:
        spec = importlib.util.spec_from_file_location(f'piece_{abs(hash(path))}', path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(KIT))
    return getattr(module, path.parent.name), printed.getvalue()


Answer = tuple[str, Any]  # ('returned', value) or ('raised', the exception's type name)


def answers(path: Path, inputs: list[tuple[Any, ...]], fresh: bool = False
            ) -> tuple[list[Answer], str]:
    """What the piece does on each input, and what it printed doing so; with `fresh`,
    in a new import of it, asked nothing before."""
    function, _ = loaded.__wrapped__(path) if fresh else loaded(path)
    found: list[Answer] = []
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for args in inputs:
            try:
                found.append(('returned', function(*args)))
            except Exception as exc:  # the piece's own error, as the grader would see it
                found.append(('raised', type(exc).__name__))
    return found, printed.getvalue()
