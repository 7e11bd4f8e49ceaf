"""A submission's files share one child (autograder/sandbox/shared_child.py): each in a
namespace of its own, under its own time limits, and a crash or a hang still sinks only
the exercise that caused it, as when every file had a child of its own."""
from __future__ import annotations

import os
import shutil
import threading
from dataclasses import replace
from functools import partial
from pathlib import Path

import pytest

from autograder.config import Config
from autograder.exercises import EXERCISES
from autograder.grading import grade_exercise, grade_submission
from autograder.loading import locate
from autograder.results import SubmissionResult
from autograder.sandbox.isolation import FLOOR, Isolation
from autograder.sandbox.limits import Limits
from autograder.sandbox.working_layers import probe

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

    def recorded(self: StudentProcess, message: dict[str, object], seconds: float) -> object:
        asked.append((str(message.get('filename', '')), str(message['op'])))
        return exchange(self, message, seconds)
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


def test_one_child_serves_a_whole_submission(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Limits] = []
    launch = Isolation.launch

    def counted(self: Isolation, limits: Limits, fds: tuple[int, int], answers: int) -> object:
        started.append(limits)
        return launch(self, limits, fds, answers)
    monkeypatch.setattr(Isolation, 'launch', counted)
    folder = handed_in(tmp_path / 's')
    assert verdicts(grade_submission(folder, CONFIG, FLOOR)) == \
        {name: full(name) for name in NAMES}
    assert len(started) == 1
    # the process as a whole may compute for every file's budget
    assert started[0].file_seconds == sum(CONFIG.limits_for(name).file_seconds
                                          for name in NAMES)


def test_each_file_plays_by_its_own_copy_of_the_game(tmp_path: Path) -> None:
    # count_boxes loaded first, winner after it: other rules swapped in for count_boxes
    # must reach count_boxes' own game module, not the one winner imported last
    from autograder.exercises.count_boxes import hard_coded
    from autograder.kit import game_file
    from autograder.probe import Probe
    from autograder.sandbox.process import StudentProcess
    from autograder.sandbox.shared_child import SharedChild

    text = {name: (PROJECT / 'solutions' / f'{name}.py').read_text(encoding='utf-8')
            for name in ('count_boxes', 'winner')}
    # the model answer, playing by the game module's rules rather than its own copy
    boxes_text = text['count_boxes'].replace('def moves(board, side):', 'def own(board, side):')
    boxes_text = 'import hexapawn\n' + boxes_text.replace('len(moves(', 'len(hexapawn.moves(')
    text['count_boxes'] = boxes_text.replace('in moves(', 'in hexapawn.moves(')
    assert 'hexapawn.moves(box' in text['count_boxes'] and ' moves(' not in text['count_boxes']
    limits = [CONFIG.limits_for(name) for name in ('count_boxes', 'winner')]
    with SharedChild(limits, FLOOR) as shared:
        boxes = StudentProcess(limits[0], FLOOR, shared, 'count_boxes')
        winner = StudentProcess(limits[1], FLOOR, shared, 'winner')
        for process, name in ((boxes, 'count_boxes'), (winner, 'winner')):
            assert process.load(text[name], f'{name}.py', {'hexapawn': game_file()}).error \
                is None
        assert hard_coded(Probe(boxes, 'count_boxes', CONFIG.properties)) is None


def test_a_batch_starts_each_next_child_while_it_grades(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from autograder.sandbox.shared_child import drop_spare

    started: list[object] = []
    launch = Isolation.launch

    def counted(self: Isolation, limits: Limits, fds: tuple[int, int], answers: int) -> object:
        started.append(launch(self, limits, fds, answers))
        return started[-1]
    monkeypatch.setattr(Isolation, 'launch', counted)
    right = handed_in(tmp_path / 'right')
    wrong = handed_in(tmp_path / 'wrong', mirror='def mirror(board):\n    return board\n')
    try:
        got = [verdicts(grade_submission(folder, CONFIG, FLOOR, {}, spare=True))
               for folder in (right, wrong, right)]
    finally:
        drop_spare()
    assert got[0] == got[2] == {name: full(name) for name in NAMES}
    assert got[1]['mirror'][0] == 0.0 and got[1]['winner'] == full('winner')
    assert len(started) == 4  # one child for each, and the spare for a next one
    # at the end of the batch, the spare and every child are gone, and their folders
    assert all(child.exit_code(5) is not None for child in started)  # type: ignore[attr-defined]
    assert not any(child.workdir.exists() for child in started)  # type: ignore[attr-defined]


def test_a_file_that_cannot_go_alone_leaves_the_shared_child_to_its_owner(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from autograder.errors import GraderError
    from autograder.kit import game_file
    from autograder.sandbox import process as process_module
    from autograder.sandbox.process import StudentProcess
    from autograder.sandbox.shared_child import SharedChild

    limits = CONFIG.limits_for('mirror')
    text = (PROJECT / 'solutions' / 'mirror.py').read_text(encoding='utf-8')
    with SharedChild([limits], FLOOR) as shared:
        seat = StudentProcess(limits, FLOOR, shared, 'mirror')
        assert seat.load(text, 'mirror.py', {'hexapawn': game_file()}).error is None
        shared.fail()  # as when another file's request killed it

        def no_child(*args: object) -> None:
            raise GraderError('no uid left')
        monkeypatch.setattr(process_module, 'open_channel', no_child)
        with pytest.raises(GraderError):
            seat.call('mirror', [('BB..W.W.W',)])
        seat.close()
        assert not shared.channel.closed  # still the owner's to close, once
    assert shared.channel.closed


def test_a_file_that_goes_alone_keeps_what_its_functions_kept() -> None:
    # winner remembers what it was asked; mirror's call kills the shared child
    from autograder.sandbox.outcomes import Returned
    from autograder.sandbox.process import StudentProcess
    from autograder.sandbox.shared_child import SharedChild

    remembers = ('SEEN = set()\n'
                 'def winner(board, side):\n'
                 '    if (board, side) in SEEN:\n'
                 '        return "asked before"\n'
                 '    SEEN.add((board, side))\n'
                 '    return "new"\n')
    kills = 'import os\ndef mirror(board):\n    os._exit(3)\n'
    limits = CONFIG.limits_for('winner')
    with SharedChild([limits, limits], FLOOR) as shared:
        winner = StudentProcess(limits, FLOOR, shared, 'winner')
        mirror = StudentProcess(limits, FLOOR, shared, 'mirror')
        assert winner.load(remembers, 'winner.py', {}).error is None
        assert mirror.load(kills, 'mirror.py', {}).error is None
        assert winner.call('winner', [('a', 'W')]).outcomes == [Returned('new')]
        assert mirror.call('mirror', [('b',)]).outcomes[0].__class__.__name__ == 'Died'
        # in a child of its own now, winner is asked again what it was asked before
        assert winner.call('winner', [('a', 'W'), ('c', 'B')]).outcomes == \
            [Returned('asked before'), Returned('new')]
        winner.close()
        mirror.close()


def test_the_helper_thread_runs_its_tasks_in_order_and_a_fork_gets_its_own() -> None:
    from autograder.sandbox.shared_child import _Helper

    helper = _Helper('test helper')
    done: list[int] = []

    def note(number: int) -> int:
        done.append(number)
        return number
    futures = [helper.run(partial(note, n)) for n in range(50)]
    assert [future.result(5) for future in futures] == list(range(50)) == done
    failing = helper.run(lambda: 1 // 0)
    assert isinstance(failing.exception(5), ZeroDivisionError)
    before = threading.active_count()
    helper.stop()  # its thread ends, and a later task starts another
    assert threading.active_count() == before - 1
    assert helper.run(lambda: 8).result(5) == 8
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the parent's thread is not in the fork: the task must run all the same
        try:
            os.write(writer, b'%d' % helper.run(lambda: 7).result(5))
        finally:
            os._exit(0)
    os.close(writer)
    os.waitpid(pid, 0)
    assert os.read(reader, 10) == b'7'
    os.close(reader)
    helper.stop()
