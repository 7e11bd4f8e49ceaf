"""The nbgrader course end to end, with the real nbgrader: generate_assignment, the
students' notebooks in submitted/, autograde, the gradebook, feedback and export; then
`hexgrade grade --to-gradebook` over the same submitted/ tree.

Skipped only where the `nbgrader` extra is not installed (`pip install -e
'.[test,nbgrader]'`, as tests/run does). A small example budget and a short file
limit keep it quick.
"""
from __future__ import annotations

import copy
import csv
import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import autograder
from autograder.cli import main
from autograder.exercises import BY_NAME
from autograder.integrations.nbgrader.answers import CHECK_LINE
from autograder.kit.paths import KIT, game_file

from class_records import right_pieces
from every_exercise import NAMES, POINTS, full_marks, scores

pytest.importorskip('nbgrader')
from nbgrader.api import Gradebook  # noqa: E402

PIECES = Path(autograder.__file__).parent / 'sample_class' / 'pieces'
SETTINGS = '[points]\n' + ''.join(f'{name} = {points:g}\n' for name, points in POINTS.items()) \
    + """
[limits]
call_seconds = 2.0
file_seconds = 5.0

[hypothesis]
max_examples = 10
"""
CORRECT = right_pieces(mirror='correct_slicing', winner='correct_loops',
                       count_boxes='correct_bfs')
ENDLESS = 'def winner(board, side):\n    while True:\n        pass\n'
# called in the kernel, this would take the kernel down; called in its child, only the child
KILLS = ('import os\nimport signal\n\n\ndef count_boxes(use_mirror):\n'
         '    os.kill(os.getpid(), signal.SIGKILL)\n')


def _piece(exercise: str, name: str) -> str:
    return (PIECES / exercise / f'{name}.py').read_text(encoding='utf-8')


def _correct() -> dict[str, str]:
    return {name: _piece(name, style) for name, style in CORRECT.items()}


# student id -> (each exercise's code, or no entry when its answer cell is deleted;
#                the cells the student deleted)
STUDENTS: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {
    'ada': (_correct(), ()),
    'bob': ({**_correct(), 'mirror': _piece('mirror', 'whole_string_reversed')}, ()),
    'cy': ({**_correct(), 'winner': ENDLESS}, ()),
    'dee': ({k: v for k, v in _correct().items() if k != 'winner'},
            ('answer_winner', 'test_mirror')),
    'eve': ({**_correct(), 'count_boxes': KILLS}, ()),
    'gil': (_correct(), ()),
}
# cells a student adds below an answer cell: experiments, magics, a helper
ADDED = {
    'gil': {'answer_mirror': ["print(mirror('BB..W.W.W'))", "%timeit mirror('BBB...WWW')"],
            'answer_winner': ["print(winner('W..BB...W', 'B'))\nprint(mirror('BBB...WWW'))",
                              'def rows(board):\n    return [board[i:i + 3] for i in (0, 3, 6)]'],
            'answer_count_boxes': ['print(count_boxes(True))']},
}
# nbgrader's weak spot: a cell that kills the kernel at its top level, not in a function
FAY = {**_correct(), 'winner': 'import os\n\nos._exit(1)\n\n\ndef winner(board, side):\n'
                               "    return ''\n"}


def nbgrader(course: Path, *args: str, fails: bool = False) -> str:
    done = subprocess.run([sys.executable, '-m', 'nbgrader', *args], cwd=course,
                          capture_output=True, text=True)
    assert (done.returncode != 0) == fails, done.stdout + done.stderr
    return done.stdout


def hand_in(course: Path, student: str, code: dict[str, str], deleted: tuple[str, ...]) -> None:
    """The released notebook as the student hands it in: answers written, cells deleted."""
    release = json.loads((course / 'release/hexapawn/hexapawn.ipynb').read_text())
    notebook = copy.deepcopy(release)
    cells = []
    for cell in notebook['cells']:
        grade_id = cell['metadata']['nbgrader']['grade_id']
        if grade_id in deleted:
            continue
        exercise = grade_id.removeprefix('answer_')
        if grade_id.startswith('answer_'):
            cell['source'] = code[exercise]
        cells.append(cell)
        for number, added in enumerate(ADDED.get(student, {}).get(grade_id, [])):
            cells.append({'cell_type': 'code', 'execution_count': None, 'metadata': {},
                          'outputs': [], 'source': added, 'id': f'{grade_id}-{number}'})
    notebook['cells'] = cells
    folder = course / 'submitted' / student / 'hexapawn'
    folder.mkdir(parents=True)
    (folder / 'hexapawn.ipynb').write_text(json.dumps(notebook), encoding='utf-8')


@pytest.fixture(scope='module')
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp('nbgrader')
    (root / 'grader.toml').write_text(SETTINGS, encoding='utf-8')
    course = root / 'course'
    assert main(['nbgrader', str(course), '--config', str(root / 'grader.toml')]) == 0
    nbgrader(course, 'generate_assignment', 'hexapawn')
    shutil.copy(course / 'gradebook.db', root / 'before-autograde.db')
    for student, (code, deleted) in STUDENTS.items():
        hand_in(course, student, code, deleted)
    nbgrader(course, 'autograde', 'hexapawn')
    hand_in(course, 'fay', FAY, ())
    nbgrader(course, 'autograde', 'hexapawn', '--student', 'fay', fails=True)
    return course


def gradebook_points(course: Path, student: str) -> dict[str, float]:
    with Gradebook(f'sqlite:///{course / "gradebook.db"}') as gradebook:
        return {name: gradebook.find_grade(f'test_{name}', 'hexapawn', 'hexapawn',
                                           student).score for name in NAMES}


def hexgrade_check(folder: Path, code: dict[str, str], settings: Path) -> str:
    """What `hexgrade check` says of the same code, handed in as the kit's files."""
    folder.mkdir()
    for name, text in code.items():
        (folder / f'{name}.py').write_text(text, encoding='utf-8')
    done = subprocess.run([sys.executable, '-m', 'autograder', 'check', str(folder),
                           '--config', str(settings)], capture_output=True, text=True)
    return done.stdout


def test_nbgrader_validates_the_teachers_notebook(course: Path) -> None:
    said = nbgrader(course, 'validate', 'source/hexapawn/hexapawn.ipynb')
    assert said.strip().endswith('Success! Your notebook passes all the tests.')


def test_the_release_holds_the_stubs(course: Path) -> None:
    release = json.loads((course / 'release/hexapawn/hexapawn.ipynb').read_text())
    answers = {cell['metadata']['nbgrader']['grade_id']: ''.join(cell['source'])
               for cell in release['cells'] if cell['metadata']['nbgrader']['solution']}
    for name in NAMES:
        stub = (KIT / f'{name}.py').read_text(encoding='utf-8')
        expected = re.sub(r'^.*hexgrade check.*$', CHECK_LINE, stub, flags=re.MULTILINE)
        assert answers[f'answer_{name}'].rstrip() == expected.rstrip()
    assert (course / 'release/hexapawn/hexapawn.py').read_text() == game_file()


def test_the_gradebook_agrees_with_hexgrade_check(course: Path, tmp_path: Path) -> None:
    for student, (code, _) in STUDENTS.items():
        said = hexgrade_check(tmp_path / student, code, course.parent / 'grader.toml')
        summary = said.splitlines()[0]  # "...: 7/10 points (mirror 3/3, winner 0/3, ...)"
        points = {name: float(got) for name, got in re.findall(r'(\w+) ([\d.]+)/', summary)}
        assert gradebook_points(course, student) == points, said


def test_a_loop_a_crash_or_a_deleted_cell_costs_only_its_exercise(course: Path) -> None:
    assert gradebook_points(course, 'ada') == full_marks()
    assert gradebook_points(course, 'cy') == full_marks(winner=0)
    assert gradebook_points(course, 'eve') == full_marks(count_boxes=0)
    # dee's deleted grading cell is put back by nbgrader and still grades her mirror
    assert gradebook_points(course, 'dee') == full_marks(winner=0)
    assert gradebook_points(course, 'bob')['mirror'] < POINTS['mirror']
    # experiments, magics and a helper in cells of their own cost nothing
    assert gradebook_points(course, 'gil') == full_marks()


def test_hexgrade_grade_writes_the_same_scores_into_a_gradebook(course: Path,
                                                                 tmp_path: Path) -> None:
    # the other direction: the sandboxed batch reads the same submitted/ tree and
    # writes into a gradebook as nbgrader left it before autograding
    other = tmp_path / 'course'
    shutil.copytree(course / 'submitted', other / 'submitted')
    shutil.copy(course / 'nbgrader_config.py', other)
    shutil.copy(course.parent / 'before-autograde.db', other / 'gradebook.db')
    done = subprocess.run([sys.executable, '-m', 'autograder', 'grade', str(other / 'submitted'),
                           '--out', str(tmp_path / 'out'), '--to-gradebook', str(other),
                           '--config', str(course.parent / 'grader.toml')],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    for student in STUDENTS:
        assert gradebook_points(other, student) == gradebook_points(course, student), student
    # where nbgrader lost the whole notebook, the batch loses only the cell's exercise
    assert gradebook_points(course, 'fay') == scores()
    assert gradebook_points(other, 'fay') == full_marks(winner=0)


def test_grading_cells_never_write_to_stderr_or_fail(course: Path) -> None:
    for student in STUDENTS:
        notebook = json.loads((course / 'autograded' / student / 'hexapawn' /
                               'hexapawn.ipynb').read_text())
        tests = [cell for cell in notebook['cells']
                 if cell['metadata'].get('nbgrader', {}).get('grade')]
        assert len(tests) == len(NAMES), student
        for cell in tests:
            kinds = [(o['output_type'], o.get('name')) for o in cell['outputs']]
            assert kinds == [('stream', 'stdout'), ('execute_result', None)], student


def test_nothing_is_left_in_the_students_folders(course: Path) -> None:
    for student in STUDENTS:
        folder = course / 'autograded' / student / 'hexapawn'
        assert sorted(p.name for p in folder.iterdir()) == ['hexapawn.ipynb', 'hexapawn.py']


def test_the_feedback_page_shows_the_hint(course: Path) -> None:
    nbgrader(course, 'generate_feedback', 'hexapawn')
    page = html.unescape((course / 'feedback/bob/hexapawn/hexapawn.html').read_text())
    hint = next(m.hint for m in BY_NAME['mirror'].catalogue if m.name == 'whole string reversed')
    assert f'hint: {hint}' in page
    points = gradebook_points(course, 'bob')['mirror']
    assert f'your mirror cell: {points:g}/3 points (mirror {points:g}/3)' in page


def test_export_gives_each_students_total(course: Path) -> None:
    nbgrader(course, 'export', '--to', str(course / 'grades.csv'))
    with open(course / 'grades.csv', newline='', encoding='utf-8') as table:
        rows = {row['student_id']: float(row['raw_score']) for row in csv.DictReader(table)}
    assert rows == pytest.approx({student: sum(gradebook_points(course, student).values())
                                  for student in [*STUDENTS, 'fay']})
