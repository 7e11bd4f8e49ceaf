"""Scores and feedback from `hexgrade grade` written into an nbgrader gradebook.

Each exercise's points go to its grading cell as nbgrader's automatic score, and
the feedback a student may see goes to its answer cell as the automatic comment,
so the teacher keeps using nbgrader's formgrader and `nbgrader export`. A manual
score a teacher gave in the formgrader still wins over ours, as it does in nbgrader.
nbgrader's own automatic score is never kept over ours: its kernel runs the student's
code unsandboxed, where a cell can replace the very function that grades it, so it
is no evidence against a grade made in the sandbox. Where the two differ, ours is
written and the teacher is told.
"""
from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from autograder.errors import UsageError
from autograder.exercises import EXERCISES
from autograder.integrations.nbgrader.layout import (ASSIGNMENT, CONFIG_FILE, NOTEBOOK, answer_cell,
                                                     test_cell)
from autograder.records import ExerciseResult, SubmissionResult
from autograder.render import terminal
from autograder.render.text import encodable
from autograder.render.visibility import for_students

SQLITE = 'sqlite:///'
INSTALL_TIP = "install it with: pip install 'hexgrade[nbgrader]'"


@dataclass(frozen=True)
class Written:
    """What writing into a gradebook came to: how many students, and a line for the
    teacher for each exercise where nbgrader's own score differed from ours."""

    students: int
    disagreed: tuple[str, ...] = ()


def write_gradebook(course: Path, graded: Sequence[tuple[str, SubmissionResult]],
                    show: str) -> Written:
    """Write each (student id, result) into the gradebook of `course`."""
    try:
        from nbgrader.api import Gradebook
    except ImportError:
        raise UsageError('writing into a gradebook needs nbgrader, which is not installed',
                         tip=INSTALL_TIP) from None
    db_url, course_id = gradebook_address(course)
    with warnings.catch_warnings(), Gradebook(db_url, course_id) as gradebook:
        # nbgrader's own use of SQLAlchemy warns on every new submission; the
        # warnings say nothing about the grades and would bury our messages
        warnings.filterwarnings('ignore', module='nbgrader')
        maxima = _grading_cells(gradebook, course)
        for _, result in graded:  # all checked before anything is written
            _check_points(result, maxima)
        disagreed: list[str] = []
        for named, result in graded:
            student = encodable(named)  # the database takes UTF-8 only
            gradebook.update_or_create_student(student)
            gradebook.update_or_create_submission(ASSIGNMENT, student)
            for exercise in for_students(result, show).exercises:
                disagreed += _write_exercise(gradebook, student, result, exercise, maxima)
        gradebook.db.commit()
    return Written(len(graded), tuple(disagreed))


def gradebook_address(course: Path) -> tuple[str, str]:
    """The database URL and course id nbgrader itself would use in `course`."""
    from traitlets.config.loader import PyFileConfigLoader

    directory: Any = {}
    if (course / CONFIG_FILE).is_file():
        directory = PyFileConfigLoader(CONFIG_FILE, path=str(course)).load_config() \
            .CourseDirectory
    root = course / directory.get('root', '')
    db_url = directory.get('db_url') or f'sqlite:///{(root / "gradebook.db").resolve()}'
    if db_url.startswith(SQLITE) and not Path(db_url[len(SQLITE):]).is_file():
        raise UsageError(f'{course} has no nbgrader gradebook yet ({db_url[len(SQLITE):]} '
                         f'is missing)', tip=f'in that folder, run `nbgrader '
                                             f'generate_assignment {ASSIGNMENT}` first')
    return db_url, str(directory.get('course_id', ''))


def _grading_cells(gradebook: Any, course: Path) -> dict[str, float]:
    """Each grading cell's maximum, checking the course is one hexgrade wrote."""
    from nbgrader.api import MissingEntry

    maxima = {}
    for exercise in (known.name for known in EXERCISES):
        try:
            cell = gradebook.find_grade_cell(test_cell(exercise), NOTEBOOK, ASSIGNMENT)
        except MissingEntry:
            raise UsageError(f'the gradebook of {course} has no grading cell '
                             f'{test_cell(exercise)} in assignment {ASSIGNMENT}',
                             tip=f'write the course with `hexgrade nbgrader`, then run '
                                 f'`nbgrader generate_assignment {ASSIGNMENT}`') from None
        maxima[exercise] = float(cell.max_score)
    return maxima


def _check_points(result: SubmissionResult, maxima: dict[str, float]) -> None:
    for exercise in result.exercises:
        name = exercise.exercise
        if abs(exercise.max_points - maxima[name]) > 1e-6:
            raise UsageError(f'{name} is worth {exercise.max_points:g} points in this grading '
                             f'but {maxima[name]:g} in the nbgrader course',
                             tip='grade with the grader.toml the course was written from')


def _write_exercise(gradebook: Any, student: str, result: SubmissionResult,
                    exercise: ExerciseResult, maxima: dict[str, float]) -> list[str]:
    """Write one exercise's score and comment; a line for the teacher when nbgrader's
    own score for it was another."""
    name = exercise.exercise
    grade = gradebook.find_grade(test_cell(name), NOTEBOOK, ASSIGNMENT, student)
    points = min(exercise.points, maxima[name])
    before = grade.auto_score
    comment = gradebook.find_comment(answer_cell(name), NOTEBOOK, ASSIGNMENT, student)
    text = terminal.render(SubmissionResult(student, (exercise,), result.grader_version,
                                            result.seed, result.isolation)).strip()
    grade.auto_score = points
    grade.needs_manual_grade = False
    comment.auto_comment = as_markdown(text)
    if before is None or abs(before - points) < AGREE:
        return []
    why = f': {_why(exercise)}' if _not_fully_graded(exercise) else ''
    return [f"{student}'s {name}: hexgrade gave {points:g} points, nbgrader's autograde "
            f"{before:g}; hexgrade's score was written, as nbgrader runs the student's "
            f"code without a sandbox. Worth a look{why}"]


AGREE = 0.005  # points: scores nearer than half a hundredth are the same score


def _not_fully_graded(exercise: ExerciseResult) -> bool:
    return exercise.problem is not None or any(
        flag.kind in ('timeout', 'crash', 'not found') for flag in exercise.flags)


def _why(exercise: ExerciseResult) -> str:
    if exercise.problem is not None:
        return exercise.problem
    return '; '.join(f'{flag.kind}: {flag.note}' for flag in exercise.flags)


def as_markdown(text: str) -> str:
    """Text as a fenced block: nbgrader shows comments as Markdown, which would run a
    drawn board's rows together. The fence is longer than any run of backticks in it."""
    longest = max((len(run) for run in re.findall('`+', text)), default=0)
    fence = '`' * max(3, longest + 1)
    return f'{fence}text\n{text}\n{fence}'
