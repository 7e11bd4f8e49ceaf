"""The students' kit (autograder/kit/build.py): what students need and nothing more.

Nothing a student installs holds a model answer or the reference's searches, and the
checker they install grades every piece of the sample class as the teacher's does.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Iterator

import pytest

from autograder.cli import main
from autograder.kit.build import KIT_FILES, WHEEL_NAME, checker_files

PROJECT = Path(__file__).resolve().parent.parent
PIECES = PROJECT / 'autograder' / 'sample_class' / 'pieces'
# the searches of the reference, which the grader reads only as facts
SEARCHES = (PROJECT / 'hexapawn_ref' / 'positions.py', PROJECT / 'hexapawn_ref' / 'players.py',
            PROJECT / 'autograder' / 'reference' / 'recording.py')


def _functions(path: Path) -> dict[str, str]:
    """Each function defined in a file, by name: its body's code, as the parser sees it
    (comments, names of lines and layout aside)."""
    tree = ast.parse(path.read_text(encoding='utf-8'))
    return {node.name: ast.dump(ast.Module(body=node.body, type_ignores=[]))
            for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}


def _installed() -> dict[str, str]:
    """Every function of every Python file the checker installs, by file and name."""
    found = {}
    for name, data in checker_files().items():
        if name.endswith('.py'):
            tree = ast.parse(data.decode('utf-8'))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef):
                    found[f'{name}:{node.name}'] = ast.dump(
                        ast.Module(body=node.body, type_ignores=[]))
    return found


@pytest.fixture(scope='module')
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp('handed-out') / 'kit'
    assert main(['kit', '--out', str(out)]) == 0
    return out


def test_the_kit_holds_the_stubs_the_game_file_the_test_file_and_a_checker(kit: Path) -> None:
    assert sorted(p.name for p in kit.iterdir()) == sorted([*KIT_FILES, 'README.txt',
                                                            'checker'])
    for name in KIT_FILES:
        assert (kit / name).read_bytes() == (PROJECT / 'exercises' / name).read_bytes()
    assert [p.name for p in (kit / 'checker').iterdir()] == [WHEEL_NAME]
    readme = (kit / 'README.txt').read_text(encoding='utf-8')
    assert f'pip install checker/{WHEEL_NAME}' in readme and 'hexgrade check .' in readme


def test_nothing_a_student_installs_holds_a_model_answer_or_the_references_search(
        kit: Path) -> None:
    with zipfile.ZipFile(kit / 'checker' / WHEEL_NAME) as wheel:
        names = wheel.namelist()
    assert not [n for n in names if 'solutions' in n or 'sample_class' in n]
    assert not [n for n in names if n.startswith('hexapawn_ref/') and
                n.rsplit('/', 1)[1] not in ('__init__.py', 'rules.py', 'variants.py')]
    assert 'autograder/reference/recording.py' not in names
    # what the kit gives every student anyway (the stubs' helpers, the game file's rules)
    # is no answer; every other function of a model answer or of a search is one
    given = {body for name in KIT_FILES for body in _functions(kit / name).values()}
    installed = set(_installed().values())
    looked_for = 0
    for source in [*sorted((PROJECT / 'solutions').glob('*.py')), *SEARCHES]:
        for function, body in _functions(source).items():
            if body in given:
                continue
            looked_for += 1
            assert body not in installed, f'{source.name}: {function} is in the checker'
    assert looked_for > 10  # the model answers' functions and the searches' were there
    for source in sorted((PROJECT / 'solutions').glob('*.py')):
        answer = _functions(source)[source.stem]  # the exercise's own function
        assert answer not in given, f'the kit gives {source.stem} away'


def test_the_kit_refuses_to_write_over_a_folder_in_use(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / 'mine.py').write_text('x = 1\n')
    assert main(['kit', '--out', str(tmp_path)]) == 2
    assert capsys.readouterr().err == (f'error: {tmp_path}: is not empty\n'
                                       f'tip: give a new folder for the kit\n')


GRADE_ALL = '''
import json, sys
from pathlib import Path
from autograder.settings.config import Config
from autograder.exercises import BY_NAME
from autograder.grading import grade_exercise
from autograder.submission.locate import Source
from autograder.render.gradescope import results_json
from autograder.records import SubmissionResult
from autograder.sandbox.working_layers import probe

isolation = probe(off=('bubblewrap', 'uid', 'cgroups', 'landlock', 'seccomp'))
found = {}
for piece in sys.argv[1:]:
    path = Path(piece)
    exercise = BY_NAME[path.parent.name]
    source = Source(path.read_text(encoding='utf-8-sig').replace('\\r\\n', '\\n'),
                    exercise.filename)
    result = grade_exercise(exercise, source, Config(), isolation)
    data = results_json(SubmissionResult('piece', (result,), '', 0, isolation.name))
    found[f'{path.parent.name}/{path.name}'] = [
        (t['name'], t['score'], t['status'], t['output']) for t in data['tests']]
isolation.close()
print(json.dumps(found))
'''


@pytest.fixture(scope='module')
def student_python(kit: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh virtual environment with the checker installed, as a student installs it
    (its dependencies from PyPI, at the versions the tests pin)."""
    venv = tmp_path_factory.mktemp('student') / 'venv'
    subprocess.run([sys.executable, '-m', 'venv', str(venv)], check=True)
    python = venv / 'bin' / 'python'
    done = subprocess.run([str(python), '-m', 'pip', 'install', '-q', '--disable-pip-version-check',
                           '-c', str(PROJECT / 'tests' / 'constraints.txt'),
                           str(kit / 'checker' / WHEEL_NAME)], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    yield python


def test_the_checker_a_student_installs_grades_every_piece_as_the_teachers_does(
        student_python: Path, tmp_path: Path) -> None:
    pieces = sorted(str(p) for p in PIECES.glob('*/*.py')
                    if 'replayed' not in p.name)  # right but slow: seconds, for nothing new
    script = tmp_path / 'grade_all.py'
    script.write_text(GRADE_ALL, encoding='utf-8')
    graded = {}
    for name, python in (('teacher', Path(sys.executable)), ('student', student_python)):
        done = subprocess.run([str(python), '-I', str(script), *pieces], capture_output=True,
                              text=True, cwd=tmp_path, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        graded[name] = json.loads(done.stdout)
    assert len(graded['student']) == len(pieces)
    for piece, tests in graded['teacher'].items():
        assert graded['student'][piece] == tests, piece
    # the checker has no search of its own to fall back on
    done = subprocess.run([str(student_python), '-I', '-c', 'import hexapawn_ref.positions'],
                          capture_output=True, text=True)
    assert 'No module named' in done.stderr


@pytest.mark.parametrize('argv, what', [
    (['grade', '--out', 'out'], 'grading the sample class'),
    (['nbgrader', 'course'], 'writing an nbgrader course'),
])
def test_what_needs_the_teachers_hexgrade_says_so_in_the_checker(
        student_python: Path, tmp_path: Path, argv: list[str], what: str) -> None:
    done = subprocess.run([str(student_python), '-I', '-m', 'autograder', *argv],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-2:] == [
        f"error: {what} needs the teacher's hexgrade: this one is a student's checker, "
        f"without the model answers or the sample class",
        'tip: install hexgrade from its source folder: pip install -e .']
