"""Scores from `hexgrade grade` written into nbgrader's gradebook
(autograder/integrations/nbgrader/gradebook.py and `hexgrade grade --to-gradebook`), with the real
nbgrader. Skipped only where the `nbgrader` extra is not installed."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import autograder
from autograder.cli import main
from autograder.errors import UsageError
from autograder.exercises import BY_NAME
from autograder.grading import grade_submission
from autograder.integrations.nbgrader.gradebook import gradebook_address, write_gradebook
from autograder.records import SubmissionResult
from autograder.sandbox.isolation import FLOOR
from autograder.settings.config import load_config

from every_exercise import (NAMES, POINTS,  # points for each exercise named, none elsewhere
                            scores as earned)

pytest.importorskip('nbgrader')
from nbgrader.api import Gradebook  # noqa: E402

PIECES = Path(autograder.__file__).parent / 'sample_class' / 'pieces'
SETTINGS = '[limits]\ncall_seconds = 2.0\nfile_seconds = 5.0\n\n[hypothesis]\nmax_examples = 10\n'
HANDED_IN = {
    'ada': {'mirror': 'correct_slicing', 'winner': 'correct_loops'},
    'bob': {'mirror': 'rows_swapped', 'count_boxes': 'correct_bfs'},
}


def hand_in(folder: Path, pieces: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    for exercise, piece in pieces.items():
        shutil.copy(PIECES / exercise / f'{piece}.py', folder / f'{exercise}.py')
    return folder


@pytest.fixture(scope='module')
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A course as `hexgrade nbgrader` writes it, after `nbgrader generate_assignment`."""
    root = tmp_path_factory.mktemp('gradebook')
    (root / 'grader.toml').write_text(SETTINGS, encoding='utf-8')
    course = root / 'course'
    assert main(['nbgrader', str(course), '--config', str(root / 'grader.toml')]) == 0
    done = subprocess.run([sys.executable, '-m', 'nbgrader', 'generate_assignment',
                           'hexapawn'], cwd=course, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return course


@pytest.fixture(scope='module')
def results(course: Path, tmp_path_factory: pytest.TempPathFactory
            ) -> list[tuple[str, SubmissionResult]]:
    config = load_config(course.parent / 'grader.toml')
    folders = tmp_path_factory.mktemp('class')
    return [(student, grade_submission(hand_in(folders / student, pieces), config, FLOOR))
            for student, pieces in HANDED_IN.items()]


def stored(course: Path, student: str) -> tuple[dict[str, float], dict[str, str]]:
    """The gradebook's score per grading cell and comment per answer cell."""
    with Gradebook(*gradebook_address(course)) as gradebook:
        return ({n: gradebook.find_grade(f'test_{n}', 'hexapawn', 'hexapawn', student).score
                 for n in NAMES},
                {n: gradebook.find_comment(f'answer_{n}', 'hexapawn', 'hexapawn',
                                           student).comment for n in NAMES})


def test_scores_and_feedback_go_into_the_gradebook(course: Path, results) -> None:
    assert write_gradebook(course, results, 'hints').students == 2
    for student, result in results:
        scores, comments = stored(course, student)
        assert scores == {e.exercise: e.points for e in result.exercises}
    scores, comments = stored(course, 'bob')
    hint = next(m.hint for m in BY_NAME['mirror'].catalogue if m.name == 'rows swapped')
    assert scores == earned(count_boxes=POINTS['count_boxes'])
    assert f'hint: {hint}' in comments['mirror']
    assert 'expected' not in comments['mirror']  # 'hints' keeps the answers out
    assert 'there is no winner.py here' in comments['winner']


def test_a_comment_keeps_its_lines_so_boards_stay_drawn(course: Path, results) -> None:
    write_gradebook(course, results, 'everything')
    comment = stored(course, 'bob')[1]['mirror']
    assert comment.startswith('```text\nbob: 0/3 points (mirror 0/3)\n')
    assert comment.endswith('\n```')
    board_rows = [line for line in comment.splitlines() if line.startswith('            ')]
    assert len(board_rows) >= 3  # the board, one row a line


def test_writing_again_replaces_the_scores(course: Path, results) -> None:
    write_gradebook(course, results, 'everything')
    write_gradebook(course, results[:1], 'score')
    with Gradebook(*gradebook_address(course)) as gradebook:
        assert gradebook.find_submission('hexapawn', 'ada').score == \
            POINTS['mirror'] + POINTS['winner']
        assert len(gradebook.find_assignment('hexapawn').submissions) == 2


def test_hexgrade_grade_writes_into_the_gradebook(course: Path, tmp_path: Path) -> None:
    submitted = tmp_path / 'submitted'
    for student, pieces in HANDED_IN.items():
        hand_in(submitted / f'{student}-cli' / 'hexapawn', pieces)
    done = subprocess.run([sys.executable, '-m', 'autograder', 'grade', str(submitted),
                           '--out', str(tmp_path / 'out'), '--to-gradebook', str(course),
                           '--config', str(course.parent / 'grader.toml')],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == f'Gradebook: 2 students written into {course}'
    assert stored(course, 'ada-cli')[0] == earned(mirror=POINTS['mirror'],
                                                  winner=POINTS['winner'])
    assert stored(course, 'bob-cli')[0] == earned(count_boxes=POINTS['count_boxes'])


def test_a_course_without_a_gradebook_says_what_to_run(tmp_path: Path, results) -> None:
    with pytest.raises(UsageError, match=f'{tmp_path} has no nbgrader gradebook yet '
                                         rf'\({tmp_path}/gradebook.db is missing\)') as raised:
        write_gradebook(tmp_path, results, 'everything')
    assert raised.value.tip == ('in that folder, run `nbgrader generate_assignment hexapawn` '
                                'first')


def test_a_gradebook_of_another_course_is_refused(tmp_path: Path, results) -> None:
    with Gradebook(f'sqlite:///{tmp_path / "gradebook.db"}') as gradebook:
        gradebook.add_assignment('hexapawn')
    with pytest.raises(UsageError, match=f'the gradebook of {tmp_path} has no grading cell '
                                         'test_mirror in assignment hexapawn'):
        write_gradebook(tmp_path, results, 'everything')


def test_points_that_differ_from_the_course_are_refused(course: Path, tmp_path: Path) -> None:
    (tmp_path / 'grader.toml').write_text('[points]\nmirror = 5\n', encoding='utf-8')
    config = load_config(tmp_path / 'grader.toml')
    result = grade_submission(hand_in(tmp_path / 'cy', {'mirror': 'correct_slicing'}),
                              config, FLOOR)
    with pytest.raises(UsageError, match='mirror is worth 5 points in this grading but 3 in '
                                         'the nbgrader course') as raised:
        write_gradebook(course, [('cy', result)], 'everything')
    assert raised.value.tip == 'grade with the grader.toml the course was written from'
    with Gradebook(*gradebook_address(course)) as gradebook:  # nothing half-written
        assert 'cy' not in {student.id for student in gradebook.students}


def test_the_gradebook_named_in_the_course_settings_is_used(tmp_path: Path, course) -> None:
    elsewhere = tmp_path / 'kept' / 'grades.db'
    elsewhere.parent.mkdir()
    shutil.copy(course / 'gradebook.db', elsewhere)
    (tmp_path / 'nbgrader_config.py').write_text(
        f'c = get_config()\nc.CourseDirectory.db_url = "sqlite:///{elsewhere}"\n'
        f'c.CourseDirectory.course_id = "hex101"\n', encoding='utf-8')
    assert gradebook_address(tmp_path) == (f'sqlite:///{elsewhere}', 'hex101')


def test_without_nbgrader_the_message_says_how_to_install_it(monkeypatch, results) -> None:
    monkeypatch.setitem(sys.modules, 'nbgrader.api', None)
    with pytest.raises(UsageError, match='writing into a gradebook needs nbgrader, which is '
                                         'not installed') as raised:
        write_gradebook(Path('.'), results, 'everything')
    assert raised.value.tip == "install it with: pip install 'hexgrade[nbgrader]'"


# last: it adds a student to the course the tests above count
def test_nbgraders_own_score_never_outweighs_hexgrades_and_the_teacher_is_told(
        course: Path, results) -> None:
    """nbgrader runs the student's code in its kernel, unsandboxed: a cell there can
    replace the function that grades it. Its score is no evidence against ours."""
    ada = dict(results)['ada']
    with Gradebook(*gradebook_address(course)) as gradebook:  # as nbgrader left it
        gradebook.update_or_create_student('ann')
        gradebook.update_or_create_submission('hexapawn', 'ann')
        grade = gradebook.find_grade('test_count_boxes', 'hexapawn', 'hexapawn', 'ann')
        grade.auto_score = 4.0  # as a forged grading cell would give
        grade = gradebook.find_grade('test_mirror', 'hexapawn', 'hexapawn', 'ann')
        grade.auto_score = POINTS['mirror']  # agreeing: nothing to say
        gradebook.db.commit()
    written = write_gradebook(course, [('ann', ada)], 'everything')
    assert written.disagreed == (
        "ann's count_boxes: hexgrade gave 0 points, nbgrader's autograde 4; hexgrade's "
        "score was written, as nbgrader runs the student's code without a sandbox. Worth a "
        "look: there is no count_boxes.py here",)
    scores, comments = stored(course, 'ann')
    assert scores == earned(mirror=POINTS['mirror'], winner=POINTS['winner'], count_boxes=0.0)
    assert 'nbgrader' not in comments['count_boxes']  # the student reads hexgrade's own



def test_notebooks_in_every_shape_a_student_saves_are_written_into_the_gradebook(
        course: Path, tmp_path: Path) -> None:
    """An old nbformat 3 notebook, `%run` of the game file, `%%writefile`, a definition
    in an `if`, a dataclass, input() below an answer: right answers, full marks in
    nbgrader's gradebook; a mistake planted in one, only that exercise lost."""
    from habits import ANSWERS, HABITS, PLANTED, notebook, old_notebook
    submitted = tmp_path / 'submitted'
    shapes = {'old-nb': old_notebook(HABITS['lesson layout'](ANSWERS)),
              'run-nb': notebook(HABITS['run game file'](ANSWERS)),
              'written-nb': notebook(HABITS['written file'](ANSWERS)),
              'if-nb': notebook(HABITS['defined in an if'](ANSWERS)),
              'dataclass-nb': notebook(HABITS['typed dataclass'](ANSWERS)),
              'input-nb': notebook(HABITS['input at the end'](ANSWERS)),
              'planted-nb': notebook(HABITS['input at the end'](
                  {**ANSWERS, 'winner': PLANTED['winner']}))}
    for student, text in shapes.items():
        (submitted / student / 'hexapawn').mkdir(parents=True)
        (submitted / student / 'hexapawn' / 'hexapawn.ipynb').write_text(text, encoding='utf-8')
    done = subprocess.run([sys.executable, '-m', 'autograder', 'grade', str(submitted),
                           '--out', str(tmp_path / 'out'), '--to-gradebook', str(course),
                           '--config', str(course.parent / 'grader.toml')],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for student in shapes:
        scores = stored(course, student)[0]
        if student == 'planted-nb':  # the planted winner earns a part of its points
            full = earned(**POINTS)
            assert scores['winner'] < full['winner']
            assert {**scores, 'winner': full['winner']} == full
        else:
            assert scores == earned(**POINTS), student
