"""The portable floor (autograder/sandbox/portable.py), forced on this system.

`posix` turned off makes the grader do what it does where fork, `resource`, sessions
and SIGALRM are missing (Windows): each child a fresh interpreter on its stdin and
stdout, told to go without those, so that its calls are stopped by the parent's
deadlines alone. Everything a student can hand in must get the verdict it gets on
the usual floor.
"""
from __future__ import annotations

import os
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterator

import pytest

from autograder.calls.limits import Limits
from autograder.calls.outcomes import Returned
from autograder.exercises import BY_NAME
from autograder.grading import grade_exercise, grade_submission
from autograder.records import ExerciseResult
from autograder.sandbox import portable
from autograder.sandbox.isolation import FLOOR, Isolation
from autograder.sandbox.process import StudentProcess
from autograder.sandbox.working_layers import probe
from autograder.settings.config import Config
from autograder.submission.locate import locate

from graded_pieces import graded, pieces
from test_sandbox_attacks import CONFIG, EXPECTED, assert_graded, submission

PROJECT = Path(__file__).resolve().parent.parent
ATTACKS = ('endless_loop_call', 'endless_loop_import', 'stubborn_loop_call',
           'os_exit_call', 'segfault_call', 'sys_exit_call')
Verdict = tuple[Any, ...]


@pytest.fixture(scope='module')
def floor() -> Iterator[Isolation]:
    isolation = probe(off=('posix',))
    yield isolation
    isolation.close()


def verdict(result: ExerciseResult) -> Verdict:
    """What a grade rests on: the points, the mistake named, each check's outcome."""
    return (result.points, result.misconception, result.problem is None,
            tuple((check.name, check.status, check.points) for check in result.checks))


def portable_children() -> list[int]:
    """Portable children still running: every one should be gone after its file."""
    found = []
    for entry in os.listdir('/proc'):
        try:
            with open(f'/proc/{entry}/cmdline', 'rb') as cmdline:
                if b'\0--portable\0' in cmdline.read():
                    found.append(int(entry))
        except (OSError, ValueError):
            continue
    return found


def test_posix_turned_off_gives_the_portable_floor(floor: Isolation) -> None:
    assert floor.lacks == tuple(portable.NEEDS)
    assert floor.layers == ('time-limits', 'private-folder')
    assert floor.runtime is None and not floor.counts
    assert {'process-group', 'rlimits', 'seccomp'} <= dict(floor.missing).keys()


def test_this_system_has_the_usual_floor() -> None:
    assert portable.lacking() == ()
    assert FLOOR.lacks == ()


def test_the_child_goes_without_what_it_is_told_is_missing(floor: Isolation) -> None:
    source = '''
import os, signal, sys
def probe(what):
    if what == 'resource':
        try:
            import resource
        except ImportError:
            return 'missing'
        return 'there'
    if what == 'alarm':
        return repr(signal.getitimer(signal.ITIMER_REAL))
    if what == 'folder':
        os.write(1, b'00000002{}')  # the old stdout: no longer the wire
        return repr(sorted(os.listdir('.')))
    return os.getcwd()
'''
    with StudentProcess(Limits(), floor) as process:
        assert process.load(source, 'probe.py', {}).error is None
        outcomes = process.call('probe', [['resource'], ['alarm'], ['folder'], ['cwd']]).outcomes
    assert outcomes[:3] == [Returned('missing'), Returned('(0.0, 0.0)'), Returned('[]')]
    cwd = outcomes[3]
    assert isinstance(cwd, Returned) and isinstance(cwd.value, str)
    assert Path(cwd.value).parent == Path(tempfile.gettempdir()).resolve()
    assert not Path(cwd.value).exists()  # removed with the child


@pytest.mark.parametrize('folder', ['solutions', 'exercises'])
def test_answers_and_stubs_get_the_usual_verdicts(floor: Isolation, folder: str) -> None:
    usual = grade_submission(PROJECT / folder, Config(), FLOOR).exercises
    here = grade_submission(PROJECT / folder, Config(), floor).exercises
    assert [verdict(e) for e in here] == [verdict(e) for e in usual]
    assert [e.points for e in here] == [e.max_points if folder == 'solutions' else 0.0
                                        for e in here]


def test_every_mistake_gets_the_usual_verdict(floor: Isolation) -> None:
    def grade(key: str, path: Path) -> ExerciseResult:
        exercise = BY_NAME[key.split('/')[0]]
        located = locate(path, (exercise.name,))[exercise.name]
        return grade_exercise(exercise, located, Config(), floor)
    found = pieces()
    with ThreadPoolExecutor(max_workers=2) as pool:
        here = dict(zip([p.key for p in found],
                        pool.map(grade, [p.key for p in found], [p.path for p in found])))
    usual = graded()
    assert len(here) == len(usual) > 40
    differ = {key: (verdict(here[key]), verdict(usual[key]))
              for key in usual if verdict(here[key]) != verdict(usual[key])}
    assert not differ


@pytest.mark.parametrize('attack', ATTACKS)
def test_loops_and_crashes_are_stopped_with_the_usual_verdict(
        floor: Isolation, tmp_path: Path, attack: str) -> None:
    expect = EXPECTED[attack]
    folder = submission(tmp_path, attack, expect.exercise)
    here = grade_submission(folder, CONFIG, floor)
    assert_graded(here, expect.exercise, expect.says)
    usual = grade_submission(folder, CONFIG, FLOOR)
    assert [verdict(e) for e in here.exercises] == [verdict(e) for e in usual.exercises]
    assert portable_children() == []
