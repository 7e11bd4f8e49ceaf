"""Every exercise of the registry has all it needs: this test names what one lacks.

A new exercise is a package in autograder/exercises/ with one line in the registry,
plus the files listed in `lacks` below: its stub, its model answer, its fixtures and
its row in the README's table of exercises. Everything else (the kit's files and
pytest file, the points' defaults, grader.toml's keys, the gradebook's columns, the
summary's words for its domain, the recording of the properties' inputs) follows from
the registry: `test_a_fourth_exercise_needs_nothing_else` registers one to prove it.
"""
from __future__ import annotations

import ast
import importlib
import json
import re
import tomllib
from pathlib import Path

import pytest

from autograder.checking.properties import RECORDED, recording_key
from autograder.exercises import EXERCISES
from autograder.exercises.spec import Exercise
from autograder.kit.paths import KIT, PROJECT, SOLUTIONS
from autograder.settings.config import Config

from graded_pieces import PIECES, snake

UNLISTED = Path(__file__).resolve().parent / 'unlisted_mistakes'
# a domain this small (count_boxes' two calls) is too small for a line to stand out
MOST_UNTRACED = 10


def _defines(path: Path, exercise: Exercise) -> bool:
    """Whether the file defines the exercise's function with its parameters."""
    tree = ast.parse(path.read_text(encoding='utf-8'))
    return any(isinstance(node, ast.FunctionDef) and node.name == exercise.name
               and tuple(arg.arg for arg in node.args.args) == exercise.params
               for node in tree.body)


def _stars(place: int) -> str:
    return '★' * (place + 1)


def _package(exercise: Exercise) -> list[str]:
    """Its package, registering it as EXERCISE, with every part the grader reads from it:
    nothing elsewhere is keyed by an exercise's name."""
    folder = PROJECT / 'autograder' / 'exercises' / exercise.name
    if not (folder / '__init__.py').is_file():
        return [f'a package autograder/exercises/{exercise.name}/']
    module = importlib.import_module(f'autograder.exercises.{exercise.name}')
    said = [] if getattr(module, 'EXERCISE', None) is exercise else \
        [f'autograder/exercises/{exercise.name}/__init__.py registering it as EXERCISE']
    if not exercise.checks or not sum(check.weight for check in exercise.checks):
        said.append('checks that earn points')
    said += [f'a title (docstring) for the check {check.name}'
             for check in exercise.checks if not check.title]
    if not exercise.catalogue:
        said.append('a catalogue of known mistakes')
    if not exercise.titles:
        said.append("titles: the words that name it in a notebook's heading")
    if not exercise.tries:
        said.append('tries: the lesson\'s line that tries it')
    if not exercise.domain() or not exercise.domain_words:
        said.append('its whole domain (domain), and words for it (domain_words)')
    if exercise.describe is None:
        said.append('describe: how a wrong answer on its domain is put in words')
    if exercise.about_value is Exercise.about_value:  # the default: never a hint
        said.append('about_value: the hint a returned value of the wrong form earns')
    if exercise.traced is None and len(exercise.domain()) >= MOST_UNTRACED:
        said.append('traced: the inputs the line pointer traces')
    return said


def _kit(exercise: Exercise, place: int) -> list[str]:
    stub, solution = KIT / exercise.filename, SOLUTIONS / exercise.filename
    said = []
    if not stub.is_file() or not _defines(stub, exercise):
        said.append(f'a stub exercises/{exercise.filename} defining {exercise.signature}')
    elif not stub.read_text(encoding='utf-8').startswith(f'# {_stars(place)} '):
        said.append(f'a stub whose first line is "# {_stars(place)} ..." (its place in '
                    'the registry)')
    if not solution.is_file() or not _defines(solution, exercise):
        said.append(f'a model answer solutions/{exercise.filename} defining '
                    f'{exercise.signature}')
    return said


def _fixtures(exercise: Exercise) -> list[str]:
    folder = PIECES / exercise.name
    said = [] if any(folder.glob('correct_*.py')) else \
        [f'a right answer autograder/sample_class/pieces/{exercise.name}/correct_<style>.py']
    said += [f'a piece autograder/sample_class/pieces/{exercise.name}/{snake(mistake.name)}.py '
             f'for the mistake "{mistake.name}"'
             for mistake in exercise.catalogue
             if not (folder / f'{snake(mistake.name)}.py').is_file()]
    if not any((UNLISTED / exercise.name).glob('*.py')):
        said.append(f'mistakes its catalogue does not list, in tests/unlisted_mistakes/'
                    f'{exercise.name}/')
    roster = tomllib.loads((PIECES.parent / 'roster.toml').read_text(encoding='utf-8'))
    if not any(exercise.name in student for student in roster['student']):
        said.append('a student of the sample class (autograder/sample_class/roster.toml) '
                    'who hands it in')
    return said


def _properties(exercise: Exercise) -> list[str]:
    shipped = json.loads(RECORDED.read_text(encoding='utf-8'))
    settings = Config().properties
    said = [f'a property name starting "{exercise.name}." instead of "{prop.name}"'
            for prop in exercise.properties if not prop.name.startswith(f'{exercise.name}.')]
    said += [f'the inputs of {prop.name} in autograder/checking/recorded_examples.json '
             '(run: python -m autograder.checking.recording)'
             for prop in exercise.properties
             if recording_key(prop.name, settings) not in shipped]
    return said


def _documents(exercise: Exercise, place: int) -> list[str]:
    readme = (PROJECT / 'README.md').read_text(encoding='utf-8')
    said = []
    if not re.search(rf'^\| {_stars(place)} {exercise.name} \| `{re.escape(exercise.signature)}`'
                     r' \|', readme, flags=re.MULTILINE):
        said.append(f'a row "| {_stars(place)} {exercise.name} | `{exercise.signature}` | ..." '
                    "in README.md's table of exercises")
    return said


def lacks(exercise: Exercise, place: int) -> list[str]:
    """What the exercise at `place` in the registry still lacks, in words."""
    return (_package(exercise) + _kit(exercise, place) + _fixtures(exercise)
            + _properties(exercise) + _documents(exercise, place))


@pytest.mark.parametrize('place', range(len(EXERCISES)),
                         ids=[exercise.name for exercise in EXERCISES])
def test_the_exercise_lacks_nothing(place: int) -> None:
    assert lacks(EXERCISES[place], place) == []


def test_the_registry_names_each_exercise_once() -> None:
    names = [exercise.name for exercise in EXERCISES]
    assert len(set(names)) == len(names)
    properties = [prop.name for exercise in EXERCISES for prop in exercise.properties]
    assert len(set(properties)) == len(properties)


def test_an_exercise_only_declared_lacks_everything_else() -> None:
    new = Exercise('throwaway', ('board', 'side'), 2.0, (), ())
    assert lacks(new, len(EXERCISES)) == [
        'a package autograder/exercises/throwaway/',
        'a stub exercises/throwaway.py defining throwaway(board, side)',
        'a model answer solutions/throwaway.py defining throwaway(board, side)',
        'a right answer autograder/sample_class/pieces/throwaway/correct_<style>.py',
        'mistakes its catalogue does not list, in tests/unlisted_mistakes/throwaway/',
        'a student of the sample class (autograder/sample_class/roster.toml) who hands it in',
        f'a row "| {_stars(len(EXERCISES))} throwaway | `throwaway(board, side)` | ..." in '
        "README.md's table of exercises",
    ]


# -- a fourth exercise, registered in a copy of the project -------------------------------

DOUBLE = '''"""★★★★ double(n): twice the number, a throwaway exercise that proves a new one needs
its package, stub, model answer, fixtures and one registry line, and nothing else."""
from __future__ import annotations

from autograder.checking.checks import CheckList, agree
from autograder.checking.probe import Probe
from autograder.diagnosis.description import Description
from autograder.diagnosis.mistakes import Mistake, behaves_like
from autograder.exercises.spec import Exercise, Traced

DOMAIN = [(n,) for n in range(20)]
CHECKS = CheckList()


@CHECKS.add(weight=1, nudge='Give back n + n.')
def doubles(probe: Probe) -> None:
    """double gives twice its number"""
    agree(probe, DOMAIN, [2 * n for n, in DOMAIN], int, 'not twice the number')


def _describe(probe: Probe) -> Description | None:
    wrong = sum(1 << i for i, value in enumerate(probe.values(DOMAIN)) if value != 2 * i)
    return Description(f'Your double is wrong on {wrong.bit_count()} of the 20 numbers.',
                       wrong, wrong, 20) if wrong else None


EXERCISE = Exercise(
    'double', ('n',), 2.0, tuple(CHECKS.checks),
    (Mistake('squared', 'You multiplied n by itself.', behaves_like(lambda n: n * n, DOMAIN)),),
    titles=('double',), tries='print(double(2))',
    domain=lambda: DOMAIN, domain_words='the numbers 0 to 19', describe=_describe,
    about_value=lambda value: None if type(value) is int else 'Give back a whole number.',
    traced=Traced(lambda: DOMAIN, lambda n: 2 * n, 'number', lambda args: len(args) == 1))
'''


def test_a_fourth_exercise_needs_nothing_else(tmp_path: Path) -> None:
    """A copy of the project where double(n) is registered with its package, stub,
    model answer and one registry line, and nothing else: the model answers get full
    marks on all four exercises, the stubs none, a class is graded with a column for
    it, and what it still lacks is only fixtures and the README's row."""
    import shutil
    import subprocess
    import sys
    copy = tmp_path / 'project'
    for part in ('autograder', 'hexapawn_ref', 'exercises', 'solutions'):
        shutil.copytree(PROJECT / part, copy / part,
                        ignore=shutil.ignore_patterns('__pycache__', 'kit_files'))
    shutil.copy(PROJECT / 'README.md', copy / 'README.md')
    package = copy / 'autograder' / 'exercises' / 'double'
    package.mkdir()
    (package / '__init__.py').write_text(DOUBLE, encoding='utf-8')
    (copy / 'exercises' / 'double.py').write_text(
        '# ★★★★ double\n\n\ndef double(n):\n    return 0\n', encoding='utf-8')
    (copy / 'solutions' / 'double.py').write_text(
        'def double(n):\n    return n + n\n', encoding='utf-8')
    registry = copy / 'autograder' / 'exercises' / '__init__.py'
    text = registry.read_text(encoding='utf-8')
    assert text.count('count_boxes.EXERCISE,\n') == 1
    registry.write_text(text.replace('count_boxes.EXERCISE,\n', 'count_boxes.EXERCISE,\n'
                                     '    double.EXERCISE,\n').replace(
        'import count_boxes, mirror, winner', 'import count_boxes, double, mirror, winner'),
        encoding='utf-8')

    def hexgrade(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, '-m', 'autograder', *argv], cwd=copy,
                              capture_output=True, text=True, timeout=300,
                              env={'PATH': '/usr/bin:/bin', 'PYTHONPATH': str(copy)})
    right = hexgrade('check', 'solutions')
    assert right.returncode == 0, right.stdout + right.stderr
    assert right.stdout.startswith('solutions: 12/12 points (mirror 3/3, winner 3/3, '
                                   'count_boxes 4/4, double 2/2)')
    stubs = hexgrade('check', 'exercises')
    assert stubs.returncode == 1 and 'double: 0/2' in stubs.stdout
    klass = copy / 'class'
    for student, source in (('ada', 'n + n'), ('bo', 'n * n')):
        (klass / student).mkdir(parents=True)
        (klass / student / 'double.py').write_text(f'def double(n):\n    return {source}\n',
                                                   encoding='utf-8')
    graded = hexgrade('grade', 'class', '--out', 'out')
    assert graded.returncode == 0, graded.stderr
    rows = (copy / 'out' / 'grades.csv').read_text(encoding='utf-8').splitlines()
    assert rows[0].startswith('student,name,mirror,winner,count_boxes,double,total,max')
    assert rows[1].startswith('ada,,0,0,0,2,2,12') and rows[2].startswith('bo,,0,0,0,0,0,12')
    assert 'squared' in (copy / 'out' / 'summary.html').read_text(encoding='utf-8')
    said = subprocess.run(
        [sys.executable, '-c', 'from test_completeness import lacks; '
         'from autograder.exercises import EXERCISES; print(lacks(EXERCISES[3], 3))'],
        cwd=copy, capture_output=True, text=True,
        env={'PATH': '/usr/bin:/bin', 'PYTHONPATH': f'{copy}:{PROJECT / "tests"}'})
    assert said.returncode == 0, said.stderr
    assert said.stdout == str([
        'a right answer autograder/sample_class/pieces/double/correct_<style>.py',
        'a piece autograder/sample_class/pieces/double/squared.py for the mistake "squared"',
        'mistakes its catalogue does not list, in tests/unlisted_mistakes/double/',
        'a student of the sample class (autograder/sample_class/roster.toml) who hands it in',
        'a row "| ★★★★ double | `double(n)` | ..." in README.md\'s table of exercises']) + '\n'
