"""Every exercise of the registry has all it needs: this test names what one lacks.

A new exercise is a module in autograder/exercises/ with one line in the registry,
plus the files listed in `lacks` below. Everything else (the kit's pytest file, the
points' defaults, grader.toml's keys, the gradebook's columns, the recording of the
properties' inputs) follows from the registry.
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


def _defines(path: Path, exercise: Exercise) -> bool:
    """Whether the file defines the exercise's function with its parameters."""
    tree = ast.parse(path.read_text(encoding='utf-8'))
    return any(isinstance(node, ast.FunctionDef) and node.name == exercise.name
               and tuple(arg.arg for arg in node.args.args) == exercise.params
               for node in tree.body)


def _stars(place: int) -> str:
    return '★' * (place + 1)


def _module(exercise: Exercise) -> list[str]:
    path = PROJECT / 'autograder' / 'exercises' / exercise.name / 'exercise.py'
    if not path.is_file():
        return [f'a module autograder/exercises/{exercise.name}/exercise.py']
    module = importlib.import_module(f'autograder.exercises.{exercise.name}.exercise')
    said = [] if getattr(module, 'EXERCISE', None) is exercise else \
        [f'autograder/exercises/{exercise.name}/exercise.py registering it as EXERCISE']
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
    if f'| `points.{exercise.name}` |' not in readme:
        said.append(f'a row for `points.{exercise.name}` in README.md\'s table of settings')
    shipped = tomllib.loads((PROJECT / 'grader.toml').read_text(encoding='utf-8'))
    if shipped.get('points', {}).get(exercise.name) != exercise.points:
        said.append(f'its default points, {exercise.points:g}, under [points] in grader.toml')
    return said


def lacks(exercise: Exercise, place: int) -> list[str]:
    """What the exercise at `place` in the registry still lacks, in words."""
    return (_module(exercise) + _kit(exercise, place) + _fixtures(exercise)
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
        'a module autograder/exercises/throwaway/exercise.py',
        'a stub exercises/throwaway.py defining throwaway(board, side)',
        'a model answer solutions/throwaway.py defining throwaway(board, side)',
        'a right answer autograder/sample_class/pieces/throwaway/correct_<style>.py',
        'mistakes its catalogue does not list, in tests/unlisted_mistakes/throwaway/',
        'a student of the sample class (autograder/sample_class/roster.toml) who hands it in',
        f'a row "| {_stars(len(EXERCISES))} throwaway | `throwaway(board, side)` | ..." in '
        "README.md's table of exercises",
        "a row for `points.throwaway` in README.md's table of settings",
        'its default points, 2, under [points] in grader.toml',
    ]
