"""A student's record is theirs alone: the same whether they are graded alone or in a
class, first or last, by one worker or two (autograder/classroom/batch.py and the
memos a worker owns, see autograder/sharing/shared_work.py).

The class mixes honest, mistaken and hostile students: attacks on whatever runs beside
them, a forged reply, a loop that never ends, notebooks with hostile sections, and
students who hand in the very files of another.
"""
from __future__ import annotations

import json
import re
import shutil
from dataclasses import asdict
from pathlib import Path
from typing import Any, Iterator

import pytest

from autograder.classroom.batch import grade_class
from autograder.records import Found, Student
from autograder.sandbox.working_layers import probe
from autograder.settings.config import EXERCISE_NAMES, Config

from class_records import PIECES, fast_config
from test_sandbox_trust import FORGER, HOSTILE, RIGHT, notebook

PROJECT = Path(__file__).resolve().parent.parent
ATTACKS = Path(__file__).with_name('attacks')
SOLUTIONS = PROJECT / 'solutions'


def _folder(root: Path, name: str, **files: Path | str) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    for exercise, source in files.items():
        target = folder / (exercise if '.' in exercise else f'{exercise}.py')
        if isinstance(source, Path):
            shutil.copy(source, target)
        else:
            target.write_text(source, encoding='utf-8')
    return folder


def _class(root: Path) -> list[Student]:
    models = {name: SOLUTIONS / f'{name}.py' for name in EXERCISE_NAMES}
    folders = [
        _folder(root, 'models', **models),
        _folder(root, 'models_again', **models),  # the same snapshot: graded once
        _folder(root, 'styles', mirror=PIECES / 'mirror' / 'correct_loops.py',
                winner=PIECES / 'winner' / 'correct_sets.py',
                count_boxes=PIECES / 'count_boxes' / 'correct_bfs.py'),
        _folder(root, 'mistakes', mirror=PIECES / 'mirror' / 'rows_swapped.py',
                winner=PIECES / 'winner' / 'far_rows_swapped.py',
                count_boxes=PIECES / 'count_boxes' / 'global_not_reset.py'),
        _folder(root, 'stubs', **{name: PROJECT / 'exercises' / f'{name}.py'
                                  for name in EXERCISE_NAMES}),
        # the same winner.py and count_boxes.py as the models, beside attacks
        _folder(root, 'compiler', **{**models,
                                     'mirror': ATTACKS / 'classmates' / 'patch_compile.py'}),
        _folder(root, 'dispatcher', **{**models,
                                       'mirror': ATTACKS / 'classmates' / 'patch_dispatch.py'}),
        _folder(root, 'threader', **{**models,
                                     'mirror': ATTACKS / 'classmates' / 'late_thread.py'}),
        _folder(root, 'forger', **{**models, 'mirror': FORGER.format(
            forged=json.dumps({'results': [{'raised': 'boom'}]}), when='call', answer=RIGHT)}),
        _folder(root, 'looper', **{**models, 'winner': ATTACKS / 'endless_loop_call.py'}),
        _folder(root, 'sections', **{'all.ipynb': notebook(HOSTILE['a class body that exits'])}),
        _folder(root, 'sections_py', **{'all.py': (
            f'# ★ Mirror\n{SOLUTIONS.joinpath("mirror.py").read_text()}\n'
            f'{HOSTILE["a decorator that raises"]}\n'
            f'# ★★ Who has won?\n{SOLUTIONS.joinpath("winner.py").read_text()}\n')}),
    ]
    return [Student(folder.name, folder) for folder in folders]


@pytest.fixture(scope='module')
def graded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Every way of grading the class, by name: each student's records as data."""
    root = tmp_path_factory.mktemp('class')
    students = _class(root)
    _, config = fast_config(root)
    isolation = probe().name  # the workers probe their own, the same on this machine
    ways: dict[str, dict[str, Any]] = {}
    for student in students:
        alone = grade_class(Found('folders', (student,)), config, isolation, 1, None)
        ways.setdefault('alone', {}).update(_records(alone))
    ways['in order, one worker'] = _records(grade_class(
        Found('folders', tuple(students)), config, isolation, 1, None))
    ways['backwards, two workers'] = _records(grade_class(
        Found('folders', tuple(reversed(students))), config, isolation, 2, None))
    yield ways


def _records(batch: Any) -> dict[str, Any]:
    return {g.student.id: _comparable(asdict(g.result)) for g in batch.graded}


def _comparable(data: Any) -> Any:
    """A record as data, but for what the machine's speed decides: how long a slow call
    took, said in a note."""
    if isinstance(data, dict):
        return {key: _comparable(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [_comparable(value) for value in data]
    if isinstance(data, str):
        return re.sub(r'took \d+\.\d s of computing', 'took _ s of computing', data)
    return data


@pytest.mark.parametrize('way', ['in order, one worker', 'backwards, two workers'])
def test_every_record_is_the_same_alone_and_in_the_class(graded: dict[str, Any],
                                                          way: str) -> None:
    alone, together = graded['alone'], graded[way]
    assert sorted(alone) == sorted(together)
    for student in alone:
        assert together[student] == alone[student], student


def test_the_class_gets_the_verdicts_it_earned(graded: dict[str, Any]) -> None:
    """Not only alike, but right: the attacks reached nothing beyond their own file."""
    points = {student: {e['exercise']: e['points'] for e in record['exercises']}
              for student, record in graded['alone'].items()}
    full = Config().points
    for student in ('models', 'models_again', 'styles', 'compiler', 'dispatcher', 'threader'):
        assert points[student] == full, student
    assert points['forger']['mirror'] == 0 and points['forger']['winner'] == full['winner']
    assert points['looper']['winner'] < full['winner']
    assert points['looper']['count_boxes'] == full['count_boxes']
    assert points['sections']['winner'] == full['winner']
    assert points['sections']['count_boxes'] == full['count_boxes']
    assert points['sections_py']['winner'] == full['winner']
    assert all(value == 0 for value in points['stubs'].values())
