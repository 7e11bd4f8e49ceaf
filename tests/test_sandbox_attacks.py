"""Real attacks (tests/attacks/, one file per attack) against the full sandbox.

Each attack is handed in as one exercise file beside the model answers of the two
others. In every case the grader finishes; the attacked exercise fails with a
plain message, or passes where its answers are right and the attack only tried to
disturb; the other exercises get full marks; and nothing is left behind.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest

from autograder.calls.limits import Limits
from autograder.cli import main
from autograder.grading import grade_submission
from autograder.records import ExerciseResult, SubmissionResult
from autograder.sandbox.isolation import Isolation
from autograder.sandbox.working_layers import probe
from autograder.settings.config import EXERCISE_NAMES, Config

from test_sandbox_leftovers import ours, stray_files, stray_processes

PROJECT = Path(__file__).resolve().parent.parent
ATTACKS = Path(__file__).with_name('attacks')
# the same small limits for every exercise, count_boxes' own generous ones set aside
CONFIG = Config(limits=Limits(call_seconds=1.0, file_seconds=3.0, memory_mb=256),
                exercise_limits={})
PASSES = 'passes'
OUTSIDE = (Path('/tmp/hexgrade-attack-escaped.txt'), Path('/var/tmp/hexgrade-attack-escaped.txt'))


class Expect(NamedTuple):
    exercise: str
    says: str  # PASSES, or words the failed exercise's messages must hold ('|': any of)


EXPECTED = {
    # secrets: none of these yields an answer, so the stub's answer comes back
    'import_reference': Expect('mirror', 'a row came out wrong'),
    'import_solutions': Expect('mirror', 'a row came out wrong'),
    'import_checks': Expect('mirror', 'a row came out wrong'),
    'walk_up_files': Expect('mirror', 'a row came out wrong'),
    'installed_package': Expect('mirror', 'a row came out wrong'),
    'caller_frames': Expect('mirror', 'a row came out wrong'),
    'gc_objects': Expect('mirror', 'a row came out wrong'),
    # resources
    'endless_loop_call': Expect('winner', 'was still running after 1 s'),
    # loading may compute for as long as a call, 2 s at least
    'endless_loop_import': Expect('count_boxes', 'did not finish loading within 2 s'),
    # it ignores its clock, so the parent stops it soon after the call's own limit
    'stubborn_loop_call': Expect('mirror', 'was still running after 1 s'),
    'stubborn_loop_import': Expect('winner', 'did not finish loading within 2 s'),
    'memory_bomb': Expect('mirror', 'MemoryError'),
    'deep_recursion': Expect('mirror', 'raised RecursionError'),
    'segfault_call': Expect('mirror', 'the process was killed by SIGSEGV'),
    # printing costs no points: the flood is cut, and the student told (below)
    'huge_output': Expect('mirror', PASSES),
    'fork_bomb': Expect('mirror', PASSES),
    'background_process': Expect('winner', PASSES),
    'files_outside': Expect('mirror', PASSES),
    'delete_files': Expect('mirror', PASSES),
    'tcp_connect': Expect('mirror', PASSES),
    'udp_send': Expect('mirror', PASSES),
    'signal_grader': Expect('mirror', PASSES),
    'sys_exit_import': Expect('winner', 'raised SystemExit'),
    'sys_exit_call': Expect('mirror', 'raised SystemExit'),
    'os_exit_call': Expect('mirror', 'the process exited with code 3'),
    'os_exit_import': Expect('count_boxes', 'the process exited with code 0'),
    'keyboard_interrupt_call': Expect('winner', 'raised KeyboardInterrupt'),
    'keyboard_interrupt_import': Expect('count_boxes', 'raised KeyboardInterrupt'),
    'base_exception_call': Expect('winner', 'raised Stop: no more'),
    # values
    'str_subclass': Expect('mirror', 'Sneaky, expected a str'),
    'always_equal': Expect('mirror', 'Anything, expected a str'),
    'list_not_str': Expect('mirror', 'returned a list, expected a str'),
    # forgery and time
    'forge_output': Expect('mirror', 'a row came out wrong'),
    'hang_sleep': Expect('mirror', 'was still running after 1 s'),
    # past the child: the next students, the grader, the clean-up, the hard-coding flag
    'shared_memory': Expect('mirror', PASSES),
    'shared_memory_reader': Expect('mirror', PASSES),
    'reach_out': Expect('mirror', PASSES),
    'deep_folders': Expect('mirror', PASSES),
    'rules_variant_dodge': Expect('count_boxes', PASSES),  # flagged, not failed
}


class Sandbox(NamedTuple):
    isolation: Isolation
    root: Path
    zygotes: set[int]


@pytest.fixture(scope='module')
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    root = tmp_path_factory.mktemp('sandbox-root')
    saved, tempfile.tempdir = tempfile.tempdir, str(root)
    try:
        isolation = probe()
        yield Sandbox(isolation, root, ours(root))
        isolation.close()
    finally:
        tempfile.tempdir = saved


def submission(tmp_path: Path, attack: str, exercise: str) -> Path:
    for path in OUTSIDE:  # an escape an earlier run left must not fail every later test
        path.unlink(missing_ok=True)
    folder = tmp_path / 'attacked-submission'
    folder.mkdir(parents=True)
    for name in EXERCISE_NAMES:  # the model answer for every exercise but the attacked one
        source = ATTACKS / f'{attack}.py' if name == exercise else \
            PROJECT / 'solutions' / f'{name}.py'
        shutil.copy(source, folder / f'{name}.py')
    return folder


def said(result: ExerciseResult) -> str:
    """Every message the exercise's result holds, in one text."""
    parts = [result.problem or '', *(flag.note for flag in result.flags)]
    for check in result.checks:
        parts += [check.reason or '', check.finding.summary if check.finding else '']
    return '\n'.join(parts)


def assert_graded(result: SubmissionResult, attacked: str, says: str) -> None:
    for exercise in result.exercises:
        if exercise.exercise != attacked or says == PASSES:
            assert exercise.points == exercise.max_points, (exercise.exercise, said(exercise))
        else:
            assert exercise.points < exercise.max_points
            assert any(words in said(exercise) for words in says.split('|')), said(exercise)


def assert_nothing_left(sandbox: Sandbox) -> None:
    assert stray_processes(sandbox.root, sandbox.zygotes) == []
    assert stray_files(sandbox.root) == []
    for path in OUTSIDE:
        assert not path.exists(), f'{path} was written'


def test_every_attack_file_has_an_expectation() -> None:
    assert sorted(p.stem for p in ATTACKS.glob('*.py')) == sorted(EXPECTED)


@pytest.mark.parametrize('attack', sorted(EXPECTED))
def test_attack(attack: str, sandbox: Sandbox, tmp_path: Path) -> None:
    expect = EXPECTED[attack]
    folder = submission(tmp_path, attack, expect.exercise)
    before = sorted(p.name for p in folder.iterdir())
    result = grade_submission(folder, CONFIG, sandbox.isolation)
    assert_graded(result, expect.exercise, expect.says)
    assert result.isolation == sandbox.isolation.name
    assert sorted(p.name for p in folder.iterdir()) == before
    assert_nothing_left(sandbox)


def test_a_flood_of_output_is_cut_and_the_student_told(sandbox: Sandbox, tmp_path: Path
                                                       ) -> None:
    result = grade_submission(submission(tmp_path, 'huge_output', 'mirror'), CONFIG,
                              sandbox.isolation)
    mirror = result.exercises[0]
    assert mirror.flags == () and len(mirror.notes) == 1
    assert mirror.notes[0].startswith('mirror printed more than the grader keeps (64 KiB) '
                                      'while it was graded; the other ')


def test_network_attacks_reach_no_listener(sandbox: Sandbox, tmp_path: Path) -> None:
    with socket.socket() as tcp, socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        tcp.bind(('127.0.0.1', 47613))
        tcp.listen()
        udp.bind(('127.0.0.1', 47614))
        for attack in ('tcp_connect', 'udp_send'):
            grade_submission(submission(tmp_path / attack, attack, 'mirror'), CONFIG,
                             sandbox.isolation)
        tcp.settimeout(0.2)
        udp.settimeout(0.2)
        with pytest.raises(TimeoutError):
            tcp.accept()
        with pytest.raises(TimeoutError):
            udp.recv(100)


def test_a_hanging_student_does_not_hold_up_the_next(sandbox: Sandbox,
                                                     tmp_path: Path) -> None:
    hanging = grade_submission(submission(tmp_path, 'stubborn_loop_call', 'mirror'), CONFIG,
                               sandbox.isolation)
    following = grade_submission(PROJECT / 'solutions', CONFIG, sandbox.isolation)
    assert hanging.points < hanging.max_points
    assert following.points == following.max_points


def test_forged_output_leaves_the_json_score_alone(sandbox: Sandbox, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capfd: pytest.CaptureFixture[str]) -> None:
    folder = submission(tmp_path, 'forge_output', 'mirror')
    monkeypatch.chdir(tmp_path)  # no grader.toml here: the defaults
    code = main(['check', str(folder), '--json'])
    # caught at the descriptors, where a child writing to fd 1 or 2 would land
    printed = capfd.readouterr()
    report = json.loads(printed.out)  # the whole of stdout is the one JSON object
    assert code == 1
    assert report['score'] == 7.0  # winner and count_boxes; mirror's forgery earns nothing
    assert all(test['extra_data']['isolation'] for test in report['tests'])
    assert 'All tests passed' not in printed.err


def test_the_full_sandbox_is_there_when_root_on_this_kind_of_machine(sandbox: Sandbox) -> None:
    """On CI (root, bubblewrap installed by tests/run) every layer must be in use."""
    if os.geteuid() != 0 or shutil.which('bwrap') is None:
        pytest.skip('the full sandbox needs root and bubblewrap')
    assert sandbox.isolation.missing == ()
    assert sandbox.isolation.name.startswith('bubblewrap+uid+cgroups+landlock+seccomp')
