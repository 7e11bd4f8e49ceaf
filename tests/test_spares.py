"""Each file of a submission in a child of its own, started ahead while the file before
it is graded (autograder/sandbox/spares.py): a crash or a hang sinks only the exercise
that caused it, each file keeps its own time limits, and every child is gone at the
end."""
from __future__ import annotations

import shutil
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from autograder.calls.limits import Limits
from autograder.exercises import EXERCISES
from autograder.grading import child_limits, grade_exercise, grade_submission
from autograder.records import SubmissionResult
from autograder.sandbox.isolation import FLOOR, Isolation
from autograder.sandbox.spares import Spares
from autograder.sandbox.working_layers import probe
from autograder.settings.config import Config
from autograder.sharing.shared_work import SharedWork
from autograder.submission.locate import locate

PROJECT = Path(__file__).resolve().parents[1]
CONFIG = Config()
NAMES = tuple(exercise.name for exercise in EXERCISES)


@pytest.fixture(scope='module')
def strongest() -> object:
    isolation = probe()
    yield isolation
    isolation.close()


def handed_in(folder: Path, **files: str) -> Path:
    """The model answers, with some files replaced."""
    shutil.copytree(PROJECT / 'solutions', folder)
    for name, text in files.items():
        (folder / f'{name}.py').write_text(text, encoding='utf-8')
    return folder


def verdicts(result: SubmissionResult) -> dict[str, tuple[float, tuple[str, ...]]]:
    return {e.exercise: (e.points, tuple(f.kind for f in e.flags)) for e in result.exercises}


def each_alone(folder: Path, config: Config, isolation: Isolation
               ) -> dict[str, tuple[float, tuple[str, ...]]]:
    located = locate(folder, NAMES)
    return {e.name: (r.points, tuple(f.kind for f in r.flags)) for e in EXERCISES
            if (r := grade_exercise(e, located[e.name], config, isolation))}


def full(name: str) -> tuple[float, tuple[str, ...]]:
    return float(CONFIG.points[name]), ()


def test_files_with_the_same_names_keep_them_apart(tmp_path: Path) -> None:
    # each file's top level binds `ROWS` and `helper` its own way
    folder = handed_in(
        tmp_path / 's',
        mirror=('ROWS = (0, 3, 6)\n'
                'def helper(board, start):\n'
                '    return board[start:start + 3][::-1]\n'
                'def mirror(board):\n'
                '    return "".join(helper(board, start) for start in ROWS)\n'),
        winner=('from hexapawn import moves\n'
                'ROWS = "no rows here"\n'
                'def helper(board, side):\n'
                '    return not moves(board, side)\n'
                'def winner(board, side):\n'
                '    if "W" in board[0:3]:\n'
                '        return "W"\n'
                '    if "B" in board[6:9]:\n'
                '        return "B"\n'
                '    if helper(board, side):\n'
                '        return "B" if side == "W" else "W"\n'
                '    return ""\n'))
    result = grade_submission(folder, CONFIG, FLOOR)
    assert verdicts(result) == {name: full(name) for name in NAMES}


@pytest.mark.parametrize('layers', ['floor', 'strongest'])
def test_a_file_that_kills_the_child_sinks_only_its_exercise(
        tmp_path: Path, layers: str, request: pytest.FixtureRequest) -> None:
    isolation = FLOOR if layers == 'floor' else request.getfixturevalue('strongest')
    folder = handed_in(tmp_path / 's', winner=(
        'import os\n'
        'def winner(board, side):\n'
        '    os._exit(3)\n'))
    result = grade_submission(folder, CONFIG, isolation)
    got = verdicts(result)
    assert got == each_alone(folder, CONFIG, isolation)
    assert got['winner'] == (0.0, ('crash',))
    assert got['mirror'] == full('mirror') and got['count_boxes'] == full('count_boxes')


def test_a_file_that_kills_the_child_while_loading_sinks_only_its_exercise(
        tmp_path: Path) -> None:
    folder = handed_in(tmp_path / 's', count_boxes=(
        'import os\n'
        'os._exit(1)\n'
        'def count_boxes(use_mirror):\n'
        '    return 0\n'))
    got = verdicts(grade_submission(folder, CONFIG, FLOOR))
    assert got == each_alone(folder, CONFIG, FLOOR)
    assert got['count_boxes'] == (0.0, ('crash',))
    assert got['mirror'] == full('mirror') and got['winner'] == full('winner')


def test_a_call_that_ignores_its_clock_sinks_only_its_exercise(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from autograder.sandbox.process import StudentProcess

    folder = handed_in(tmp_path / 's', mirror=(
        'import signal\n'
        'def mirror(board):\n'
        '    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n'
        '    signal.setitimer = lambda *args: None\n'
        '    while True:\n'
        '        pass\n'))
    config = replace(CONFIG, limits=Limits(call_seconds=0.3, file_seconds=10))
    asked: list[tuple[str, str]] = []
    exchange = StudentProcess._exchange

    def recorded(self: StudentProcess, message: dict[str, object], seconds: float,
                 progress: bool = False) -> object:
        asked.append((str(message.get('filename', '')), str(message['op'])))
        return exchange(self, message, seconds, progress)
    monkeypatch.setattr(StudentProcess, '_exchange', recorded)
    got = verdicts(grade_submission(folder, config, FLOOR))
    # the hang was mirror's own: it is not loaded again to hang a second time
    assert asked.count(('mirror.py', 'load')) == 1
    monkeypatch.setattr(StudentProcess, '_exchange', exchange)
    assert got['mirror'][0] == 0.0 and got['mirror'][1] in (('timeout',), ('crash',))
    assert got['winner'] == full('winner') and got['count_boxes'] == full('count_boxes')
    assert got == each_alone(folder, config, FLOOR)


def test_each_file_keeps_its_own_time_limit(tmp_path: Path) -> None:
    slow_once = ('import time\n'
                 'SLOW = [True]\n'
                 'def pause():\n'
                 '    if SLOW.pop() if SLOW else False:\n'
                 '        end = time.process_time() + 0.8\n'
                 '        while time.process_time() < end:\n'
                 '            pass\n')
    mirror = (slow_once + 'def mirror(board):\n    pause()\n'
              '    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n')
    boxes = (PROJECT / 'solutions' / 'count_boxes.py').read_text(encoding='utf-8')
    boxes = slow_once + boxes.replace('def count_boxes(use_mirror):\n',
                                      'def count_boxes(use_mirror):\n    pause()\n', 1)
    assert 'pause()' in boxes
    folder = handed_in(tmp_path / 's', mirror=mirror, count_boxes=boxes)
    config = replace(CONFIG, limits=Limits(call_seconds=0.3, file_seconds=20),
                     exercise_limits={'count_boxes': {'call_seconds': 3.0}})
    got = verdicts(grade_submission(folder, config, FLOOR))
    assert got['count_boxes'] == full('count_boxes')  # 0.8 s is within its own 3 s
    assert got['mirror'][0] < full('mirror')[0] and 'timeout' in got['mirror'][1]
    assert got == each_alone(folder, config, FLOOR)


def test_each_file_has_a_child_of_its_own_started_while_the_one_before_is_graded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[tuple[Limits, str]] = []
    launch = Isolation.launch

    def counted(self: Isolation, limits: Limits, fds: tuple[int, int], answers: int) -> object:
        started.append((limits, threading.current_thread().name))
        return launch(self, limits, fds, answers)
    monkeypatch.setattr(Isolation, 'launch', counted)
    folder = handed_in(tmp_path / 's')
    assert verdicts(grade_submission(folder, CONFIG, FLOOR)) == \
        {name: full(name) for name in NAMES}
    # none started for nothing; and count_boxes', right, asked once under other rules in
    # a child of its own meanwhile (see its `hard_coded`), with its own file's limits
    # (the first file's is started here as the second is started ahead: in either order)
    assert sorted(name for _, name in started) == ['MainThread', 'asked elsewhere',
                                                  'spare child_0', 'spare child_0']
    # whichever file it will hold: each file's own time limits go with its requests
    assert {limits.file_seconds for limits, name in started if name != 'asked elsewhere'} \
        == {sum(CONFIG.limits_for(name).file_seconds for name in NAMES)}
    assert [limits for limits, name in started if name == 'asked elsewhere'] == \
        [CONFIG.limits_for('count_boxes')]


def test_a_batch_starts_each_next_child_while_it_grades(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[object] = []
    launch = Isolation.launch

    def counted(self: Isolation, limits: Limits, fds: tuple[int, int], answers: int) -> object:
        started.append(launch(self, limits, fds, answers))
        return started[-1]
    monkeypatch.setattr(Isolation, 'launch', counted)
    right = handed_in(tmp_path / 'right')
    wrong = handed_in(tmp_path / 'wrong', mirror='def mirror(board):\n    return board\n')
    work = SharedWork()
    with Spares(FLOOR, child_limits(CONFIG)) as spares:
        got = [verdicts(grade_submission(folder, CONFIG, FLOOR, work, spares))
               for folder in (right, wrong)]
    assert got[0] == {name: full(name) for name in NAMES}
    assert got[1]['mirror'][0] == 0.0 and got[1]['winner'] == full('winner')
    # a child for each file but those graded before (the same winner.py and
    # count_boxes.py), the one started ahead for a next submission, and the right
    # count_boxes asked under other rules in a child of its own (see its `hard_coded`)
    assert len(started) == len(NAMES) + 1 + 1 + 1
    # at the end of the batch, the spare and every child are gone, and their folders
    assert all(child.exit_code(5) is not None for child in started)  # type: ignore[attr-defined]
    assert not any(child.workdir.exists() for child in started)  # type: ignore[attr-defined]


def test_a_child_started_ahead_that_failed_to_start_is_replaced(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from autograder.errors import GraderError
    from autograder.sandbox import spares as spares_module

    opened = spares_module.open_channel
    calls: list[str] = []

    def failing_once(limits: Limits, isolation: Isolation) -> object:
        calls.append(threading.current_thread().name)
        if calls.count(calls[-1]) == 1 and calls[-1].startswith('spare child'):
            raise GraderError('no uid left')  # the first started ahead
        return opened(limits, isolation)
    monkeypatch.setattr(spares_module, 'open_channel', failing_once)
    with Spares(FLOOR, CONFIG.limits) as spares:
        first = spares.take()
        second = spares.take(another=False)  # the one ahead failed: a new one instead
        assert not first.closed and not second.closed
        spares.retire(first)
        spares.retire(second)
    assert first.closed and second.closed
    assert len(calls) == 3 and sum(name.startswith('spare child') for name in calls) == 1
