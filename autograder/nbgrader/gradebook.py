"""Scores and feedback from `hexgrade grade` written into an nbgrader gradebook.

Each exercise's points go to its grading cell as nbgrader's automatic score, and
the feedback a student may see goes to its answer cell as the automatic comment,
so the teacher keeps using nbgrader's formgrader and `nbgrader export`. A manual
score a teacher gave in the formgrader still wins over ours, as it does in nbgrader.
"""
from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any, Sequence

from ..errors import UsageError
from ..exercises import EXERCISES
from ..render import terminal
from ..render.text import encodable
from ..results import ExerciseResult, SubmissionResult
from ..visibility import for_students
from .layout import ASSIGNMENT, CONFIG_FILE, NOTEBOOK, answer_cell, test_cell

SQLITE = 'sqlite:///'
INSTALL_TIP = "install it with: pip install 'hexgrade[nbgrader]'"


def write_gradebook(course: Path, graded: Sequence[tuple[str, SubmissionResult]],
                    show: str) -> int:
    """Write each (student id, result) into the gradebook of `course`; how many."""
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
        for named, result in graded:
            student = encodable(named)  # the database takes UTF-8 only
            gradebook.update_or_create_student(student)
            gradebook.update_or_create_submission(ASSIGNMENT, student)
            for exercise in for_students(result, show).exercises:
                _write_exercise(gradebook, student, result, exercise, maxima)
        gradebook.db.commit()
    return len(graded)


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
                    exercise: ExerciseResult, maxima: dict[str, float]) -> None:
    name = exercise.exercise
    grade = gradebook.find_grade(test_cell(name), NOTEBOOK, ASSIGNMENT, student)
    grade.auto_score = min(exercise.points, maxima[name])
    grade.needs_manual_grade = False
    comment = gradebook.find_comment(answer_cell(name), NOTEBOOK, ASSIGNMENT, student)
    comment.auto_comment = terminal.render(
        SubmissionResult(student, (exercise,), result.grader_version, result.seed,
                         result.isolation)).strip()
