"""One student, one trust domain: attacks on the work a grader is tempted to share.

Each class of hole is tried with every layer the machine has and with bubblewrap off:
a file reaching the other files of its submission (and through a file two students
both hand in, a classmate's record), a folder changed between its digest and its
grading, another section's definitions that fail, hang or stop the program, and
replies a child forges. The attacking files are in `attacks/classmates/`; the
forgeries are written here, one reply each.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from autograder.classroom.batch import grade_class
from autograder.classroom.cache import ResultCache
from autograder.grading import grade_submission
from autograder.records import Found, Student, SubmissionResult
from autograder.sandbox.isolation import Isolation
from autograder.sandbox.working_layers import probe
from autograder.settings.config import EXERCISE_NAMES, Config

PROJECT = Path(__file__).resolve().parent.parent
CLASSMATES = Path(__file__).with_name('attacks') / 'classmates'
ATTACKS = sorted(path.stem for path in CLASSMATES.glob('*.py'))
LAYERS = {'every layer': (), 'without bubblewrap': ('bubblewrap',)}
FULL = {name: float(points) for name, points in Config().points.items()}
WINNER = (PROJECT / 'solutions' / 'winner.py').read_text(encoding='utf-8')
BOXES = (PROJECT / 'solutions' / 'count_boxes.py').read_text(encoding='utf-8')
MIRROR = (PROJECT / 'solutions' / 'mirror.py').read_text(encoding='utf-8')


@pytest.fixture(scope='module', params=sorted(LAYERS))
def isolation(request: pytest.FixtureRequest) -> Iterator[Isolation]:
    found = probe(off=LAYERS[request.param])
    yield found
    found.close()


def points(result: SubmissionResult) -> dict[str, float]:
    return {exercise.exercise: exercise.points for exercise in result.exercises}


def model_answers(folder: Path, **replaced: Path | str) -> Path:
    """The model answers, with some files replaced (by a file, or a text)."""
    folder.mkdir(parents=True)
    for name in EXERCISE_NAMES:
        source = replaced.get(name, PROJECT / 'solutions' / f'{name}.py')
        target = folder / f'{name}.py'
        if isinstance(source, Path):
            shutil.copy(source, target)
        else:
            target.write_text(source, encoding='utf-8')
    return folder


# -- a file reaches no other file, of its submission or of a classmate's ------------------

@pytest.mark.parametrize('attack', ATTACKS)
def test_a_file_cannot_reach_the_other_files_of_its_submission(
        attack: str, isolation: Isolation, tmp_path: Path) -> None:
    folder = model_answers(tmp_path / 's', mirror=CLASSMATES / f'{attack}.py')
    assert points(grade_submission(folder, Config(), isolation)) == FULL


def model_notebook(folder: Path, mirror: str = MIRROR) -> Path:
    """The model answers as one notebook, a section each, with `mirror` as its ★."""
    folder.mkdir(parents=True)
    cells = [('markdown', '## ★ Mirror'), ('code', mirror),
             ('markdown', '## ★★ Who has won?'), ('code', WINNER),
             ('markdown', '## ★★★ Counting boxes'), ('code', BOXES)]
    (folder / 'hexapawn.ipynb').write_text(json.dumps(
        {'nbformat': 4, 'nbformat_minor': 5, 'metadata': {},
         'cells': [{'cell_type': kind, 'metadata': {}, 'source': text,
                    **({'outputs': [], 'execution_count': None} if kind == 'code' else {})}
                   for kind, text in cells]}), encoding='utf-8')
    return folder


@pytest.mark.parametrize('shape', ['folders', 'notebooks'])
@pytest.mark.parametrize('workers', [1, 2])
@pytest.mark.parametrize('attack', ATTACKS)
def test_a_classmate_handing_in_the_same_files_cannot_decide_their_record(
        attack: str, workers: int, shape: str, isolation: Isolation, tmp_path: Path) -> None:
    """`aaa` hands in exact copies of `zoe`'s winner and count_boxes (the files, or the
    same sections of a notebook) beside a mirror that attacks whatever else runs in its
    process; named to be graded first. Zoe's record, and its cached copy on a rerun,
    are her own."""
    attacking = CLASSMATES / f'{attack}.py'
    if shape == 'folders':
        model_answers(tmp_path / 'class' / 'aaa', mirror=attacking)
        model_answers(tmp_path / 'class' / 'zoe')
    else:
        model_notebook(tmp_path / 'class' / 'aaa', attacking.read_text(encoding='utf-8'))
        model_notebook(tmp_path / 'class' / 'zoe')
    _graded_apart(tmp_path, lambda found, cache: grade_class(found, Config(), isolation.name,
                                                              workers, cache))


def _graded_apart(tmp_path: Path, grade: Any) -> None:
    found = Found('folders', tuple(Student(name, tmp_path / 'class' / name)
                                   for name in ('aaa', 'zoe')))
    cache = ResultCache(tmp_path / 'cache', 'settings')
    for run in ('first', 'rerun'):
        batch = grade(found, cache)
        records = {graded.student.id: graded for graded in batch.graded}
        assert points(records['zoe'].result) == FULL, run
        assert points(records['aaa'].result) == FULL, run  # the attack reached nothing
        assert records['zoe'].cached is (run == 'rerun')


def test_a_classmate_cannot_decide_a_record_graded_on_a_cluster(tmp_path: Path) -> None:
    """The same, on a Dask cluster of this machine: its workers grade snapshots, each
    file in a child of its own, as one machine's do."""
    pytest.importorskip('distributed')
    from autograder.classroom.cluster import Cluster
    model_answers(tmp_path / 'class' / 'aaa', mirror=CLASSMATES / 'patch_dispatch.py')
    model_answers(tmp_path / 'class' / 'zoe')
    _graded_apart(tmp_path, lambda found, cache: grade_class(
        found, Config(), probe().name, 2, cache, cluster=Cluster(None, 2),
        snapshots_in=tmp_path))


@pytest.mark.parametrize('workers', [1, 2])
def test_what_is_graded_is_the_snapshot_that_was_digested(
        workers: int, isolation: Isolation, tmp_path: Path) -> None:
    """Two students hand in the same right files; as soon as the class has been read,
    one of them saves a wrong mirror (a shared drive, during grading). The group is
    graded from what was read, and the cache files it under that; the rerun reads the
    changed folder anew and grades it as it now is."""
    for name in ('ada', 'bo'):
        model_answers(tmp_path / 'class' / name)
    found = Found('folders', tuple(Student(name, tmp_path / 'class' / name)
                                   for name in ('ada', 'bo')))
    cache = ResultCache(tmp_path / 'cache', 'settings')
    changed: list[int] = []

    def change_ada(done: int, total: int) -> None:
        if not changed:  # told first once every submission has been read
            changed.append(done)
            (tmp_path / 'class' / 'ada' / 'mirror.py').write_text(
                'def mirror(board):\n    return board\n', encoding='utf-8')
    config = Config()
    batch = grade_class(found, config, isolation.name, workers, cache, progress=change_ada)
    assert changed and all(points(g.result) == FULL for g in batch.graded)
    again = {g.student.id: g
             for g in grade_class(found, config, isolation.name, workers, cache).graded}
    assert again['bo'].cached and points(again['bo'].result) == FULL
    assert not again['ada'].cached and points(again['ada'].result)['mirror'] == 0.0


# -- another section's code never costs an exercise ---------------------------------------

# definitions in the ★ section that run code when they are defined, and fail, hang,
# run long or stop the program there: carried into the other sections, as definitions
HOSTILE = {
    'a class body that never ends': 'class Board:\n    while True:\n        pass\n',
    'a class body that exits': 'import os\nclass Board:\n    os._exit(3)\n',
    'a decorator that raises': ('def checked(function):\n    raise ValueError("no")\n'
                                '@checked\ndef helper(board):\n    return board\n'),
    'a decorator that stops the program':
        'import os\n@(lambda function: os._exit(4))\ndef helper(board):\n    return board\n',
    'a default argument that computes for ever':
        'def helper(board, n=sum(range(10 ** 12))):\n    return board\n',
    'a metaclass that loops': ('class Meta(type):\n    def __new__(cls, *args):\n'
                               '        while True:\n            pass\n'
                               'class Board(metaclass=Meta):\n    pass\n'),
    'a plain value that computes for ever': 'N = sum(range(10 ** 12))\n',
    'a plain value that raises': 'ROWS = [1, 2, 3][10]\n',
}


def one_file(hostile: str) -> str:
    return (f'# ★ Mirror\n{MIRROR}\n{hostile}\n'
            f'# ★★ Who has won?\n{WINNER}\n'
            f'# ★★★ Counting boxes\n{BOXES}\n')


def notebook(hostile: str) -> str:
    cells = [('markdown', '## ★ Mirror'), ('code', MIRROR), ('code', hostile),
             ('markdown', '## ★★ Who has won?'), ('code', WINNER),
             ('markdown', '## ★★★ Counting boxes'), ('code', BOXES)]
    return json.dumps({'nbformat': 4, 'nbformat_minor': 5, 'metadata': {},
                       'cells': [{'cell_type': kind, 'metadata': {}, 'source': text,
                                  **({'outputs': [], 'execution_count': None}
                                     if kind == 'code' else {})}
                                 for kind, text in cells]})


@pytest.mark.parametrize('shape', ['all.py', 'all.ipynb'])
@pytest.mark.parametrize('hostile', sorted(HOSTILE))
def test_another_sections_definitions_never_cost_an_exercise(
        hostile: str, shape: str, isolation: Isolation, tmp_path: Path) -> None:
    folder = tmp_path / 's'
    folder.mkdir()
    text = HOSTILE[hostile]
    (folder / shape).write_text(one_file(text) if shape.endswith('.py') else notebook(text),
                                encoding='utf-8')
    result = grade_submission(folder, Config(), isolation)
    got = points(result)
    assert got['winner'] == FULL['winner'] and got['count_boxes'] == FULL['count_boxes']
    for name in ('winner', 'count_boxes'):
        exercise = next(e for e in result.exercises if e.exercise == name)
        assert any('was left out' in note for note in exercise.notes), exercise.notes


# -- every byte a child sends is the student's ---------------------------------------------

FORGER = '''
import gc
import json

FORGED = json.loads({forged!r})


def _forging(real):
    def send(write, message, compact=False):
        kind = 'load' if 'functions' in message else 'lines' if 'lines' in message \\
            else 'call'
        return real(write, FORGED if kind == {when!r} else message, compact)
    return send


# the framing every reply goes through, found from the object that serves requests
for _thing in gc.get_objects():
    if type(_thing).__name__ == 'Child' and hasattr(_thing, 'send'):
        _wire = type(_thing).send.__globals__['wire']
        _wire.send = _forging(_wire.send)
        break


def mirror(board):
    return {answer}
'''
RIGHT = 'board[2::-1] + board[5:2:-1] + board[8:5:-1]'
FORGERIES = {
    'a load error that is a string': ('load', {'error': 'boom'}),
    'a load error of no known shape': ('load', {'error': {'type': ['x'], 'line': 'y'}}),
    'functions that are not a mapping': ('load', {'error': None, 'functions': 'mirror'}),
    'a raised that is a string': ('call', {'results': [{'raised': 'boom'}]}),
    'a timeout that says nothing': ('call', {'results': [{'timeout': True, 'seen': 'x'}]}),
    'answers that are numbers': ('call', {'texts': [1, 2, 3]}),
    'a split that is no string': ('call', {'split': 12, 'by': ','}),
    'output that is no mapping': ('call', {'texts': ['a'], 'output': 'printed'}),
    'a count dropped beyond belief': ('call', {'texts': ['a'], 'output': {
        'dropped': 10 ** 30, 'text': ['x']}}),
    'lines that are no lines': ('lines', {'lines': [['one', None], 'x', {'a': 1}]}),
    'every call said to run no line': ('lines', {'lines': [[]] * 60}),
    'a reply that is a list': ('call', [1, 2, 3]),
}


@pytest.mark.parametrize('forgery', sorted(FORGERIES))
def test_a_forged_reply_is_that_students_failure_never_the_graders(
        forgery: str, isolation: Isolation, tmp_path: Path) -> None:
    when, forged = FORGERIES[forgery]
    answer = 'board[::-1]' if when == 'lines' else RIGHT  # lines are asked of a wrong one
    folder = model_answers(tmp_path / 's', mirror=FORGER.format(
        forged=json.dumps(forged), when=when, answer=answer))
    result = grade_submission(folder, Config(), isolation)
    got = points(result)
    assert got['winner'] == FULL['winner'] and got['count_boxes'] == FULL['count_boxes']
    mirror = result.exercises[0]
    assert not any(flag.kind == 'grader error' for flag in mirror.flags)
    if when != 'lines':
        assert got['mirror'] < FULL['mirror']


def test_hexgrade_check_of_a_forged_reply_reports_and_exits_1(tmp_path: Path) -> None:
    folder = model_answers(tmp_path / 's', mirror=FORGER.format(
        forged=json.dumps({'error': 'boom'}), when='load', answer=RIGHT))
    done = subprocess.run([sys.executable, '-m', 'autograder', 'check', str(folder), '--json'],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    assert report['score'] == FULL['winner'] + FULL['count_boxes']
    said = [test['output'] for test in report['tests']
            if test['extra_data']['exercise'] == 'mirror']
    assert any('its answers could not be read' in output for output in said), said


# -- what a submission costs the grader is counted before the work ------------------------

def _check_within(tmp_path: Path, path: Path, megabytes: int) -> subprocess.CompletedProcess[str]:
    """`hexgrade check PATH --json` in a process that may hold `megabytes` of memory
    (grading the model answers takes well under half of it)."""
    limit = megabytes * 2 ** 20
    code = (f'import resource, runpy, sys; resource.setrlimit(resource.RLIMIT_AS, '
            f'({limit}, {limit})); sys.argv = ["hexgrade", "check", {str(path)!r}, "--json"]; '
            f'runpy.run_module("autograder", run_name="__main__")')
    return subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=300)


@pytest.mark.parametrize('cells', [
    pytest.param('{}', id='60 MB of empty objects'),
    pytest.param('{"cell_type":"code","metadata":{},"source":"a","outputs":[]}',
                 id='400,000 one-letter cells'),
])
def test_a_notebook_that_would_cost_gigabytes_is_refused_before_it_is_read(
        cells: str, tmp_path: Path) -> None:
    count = 20_000_000 if cells == '{}' else 400_000
    notebook = tmp_path / 'huge.ipynb'
    notebook.write_text('{"cells": [' + ','.join([cells] * count) + ']}')
    done = _check_within(tmp_path, notebook, 600)
    assert done.returncode == 1, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report['score'] == 0
    assert 'huge.ipynb is not a notebook that can be read (it holds more cells and outputs ' \
           'than the grader reads of a notebook)' in report['tests'][0]['output']


def test_a_notebook_of_more_cells_than_any_lesson_is_refused(tmp_path: Path) -> None:
    cell = {'cell_type': 'code', 'metadata': {}, 'source': 'x = 1', 'outputs': []}
    (tmp_path / 'many.ipynb').write_text(json.dumps({'cells': [cell] * 6000}))
    found = grade_submission(tmp_path / 'many.ipynb', Config(), probe())
    assert found.exercises[0].problem == ('many.ipynb is not a notebook that can be read (it '
                                          'holds more cells and outputs than the grader '
                                          'reads of a notebook)')


PADDER = '''
import gc

SIZE = {size}
_count = [0]


def _padding(real):
    def send(write, message, compact=False):
        if 'split' not in message and 'texts' not in message:
            return real(write, message, compact)
        # a reply of a million empty objects, just under the limit, each time different
        _count[0] += 1
        body = b'{{"n":%d,"results":[' % _count[0] + b'{{}},' * (SIZE // 3) + b'{{}}]}}'
        view = memoryview(b'%08d' % len(body) + body)
        while view:
            view = view[write(view):]
    return send


for _thing in gc.get_objects():
    if type(_thing).__name__ == 'Child' and hasattr(_thing, 'send'):
        _wire = type(_thing).send.__globals__['wire']
        _wire.send = _padding(_wire.send)
        break


def mirror(board):
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
'''


def test_replies_padded_to_just_under_the_limit_are_refused_before_they_are_parsed(
        tmp_path: Path) -> None:
    from autograder.sandbox.process import MAX_MESSAGE
    folder = model_answers(tmp_path / 's', mirror=PADDER.format(size=MAX_MESSAGE - 1000))
    result = grade_submission(folder, Config(), probe())
    mirror = result.exercises[0]
    assert mirror.points == 0 and not any(f.kind == 'grader error' for f in mirror.flags)
    assert 'its answers held far too many values to read' in str(mirror), mirror
    assert points(result)['winner'] == FULL['winner']


FLOODER = '''
import gc


def _flooding(real):
    def send(write, message, compact=False):
        if 'functions' in message:  # the reply to its load, after a flood of progress
            for _ in range(200000):
                real(write, {{'at': 0}}, compact)
        return real(write, message, compact)
    return send


for _thing in gc.get_objects():
    if type(_thing).__name__ == 'Child' and hasattr(_thing, 'send'):
        _wire = type(_thing).send.__globals__['wire']
        _wire.send = _flooding(_wire.send)
        break


def mirror(board):
    return {answer}
'''


def test_a_flood_of_progress_is_that_students_failure_and_costs_the_grader_little(
        isolation: Isolation, tmp_path: Path) -> None:
    """A load may say which carried cell it runs, once or twice a cell: a child that
    says so without end is cut off, not read to its end."""
    folder = model_answers(tmp_path / 's', mirror=FLOODER.format(answer=RIGHT))
    result = grade_submission(folder, Config(), isolation)
    mirror = result.exercises[0]
    assert mirror.points == 0 and 'its answers could not be read' in str(mirror)
    assert points(result)['winner'] == FULL['winner']
