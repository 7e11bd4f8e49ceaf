"""Attacks that reach past their own child: at the students graded after it (kernel
objects and memory charged to a control group, which outlive a child), at the
grader (its limits, its priority, signals routed through fcntl), at the machine
(root, modes, devices), at the grader's clean-up (a tree of folders deeper than
any recursion goes) and at the hard-coding flag (rules swapped in that the
student's code could recognise).

Each runs with every layer and without bubblewrap (as after a plain `pip install`,
where the Debian package is missing); the kernel-state attacks also run with
seccomp off, where the other layers must hold on their own. Last, a whole class
that mixes these attacks with honest students is graded by the real command.
"""
from __future__ import annotations

import csv
import ctypes
import json
import os
import shutil
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest

from autograder.calls.limits import Limits
from autograder.calls.outcomes import Returned
from autograder.cli import main
from autograder.errors import GraderError
from autograder.grading import grade_submission
from autograder.records import SubmissionResult
from autograder.sandbox import uid_pool
from autograder.sandbox.inside import zygote
from autograder.sandbox.isolation import Isolation
from autograder.sandbox.process import StudentProcess
from autograder.sandbox.stale import clear_stale
from autograder.sandbox.working_layers import ENV_OFF, probe
from autograder.settings.config import Config

from deep_trees import make_chain
from test_sandbox_layers import in_fork
from test_sandbox_leftovers import UIDS, ours, stray_files, stray_processes

PROJECT = Path(__file__).resolve().parent.parent
ATTACKS = Path(__file__).with_name('attacks')
PIECES = PROJECT / 'autograder' / 'sample_class' / 'pieces'
CONFIG = Config(limits=Limits(call_seconds=1.0, file_seconds=5.0, memory_mb=256))
MODES = {'every layer': (), 'no bubblewrap': ('bubblewrap',),
         'no seccomp': ('seccomp',), 'no seccomp nor bubblewrap': ('seccomp', 'bubblewrap')}
WITH_SECCOMP = ['every layer', 'no bubblewrap']
IPC = ('shm', 'sem', 'msg')


class Neighbourhood(NamedTuple):
    isolation: Isolation
    root: Path
    zygotes: set[int]


ATTACK_KEYS = range(0x68657867, 0x68657867 + 4)  # the keys tests/attacks/shared_memory.py uses


def ipc_objects() -> set[tuple[str, int]]:
    """The SysV IPC objects this machine's kernel holds (outside any namespace of the
    grader's) that a test here could have made: by an attack's key, or owned by a uid
    of the sandbox's pool. Others' objects on a shared machine are none of ours."""
    found = set()
    for kind in IPC:
        header, *rows = [line.split() for line in
                         Path(f'/proc/sysvipc/{kind}').read_text().splitlines()]
        for row in rows:
            fields = dict(zip(header, row))
            if int(fields['key']) in ATTACK_KEYS or \
                    {int(fields['uid']), int(fields['cuid'])} & set(UIDS):
                found.add((kind, int(fields['shmid' if kind == 'shm' else
                                           'semid' if kind == 'sem' else 'msqid'])))
    return found


@pytest.fixture(autouse=True)
def no_ipc_left() -> Iterator[set[tuple[str, int]]]:
    """Such objects there before the test; any made during it are removed after it,
    so that a failed test leaves the machine as it was."""
    before = ipc_objects()
    yield before
    for kind, ident in ipc_objects() - before:
        _remove(kind, ident)


def _remove(kind: str, ident: int) -> None:
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    if kind == 'shm':
        libc.shmctl(ident, 0, None)
    elif kind == 'sem':
        libc.semctl(ident, 0, 0)
    else:
        libc.msgctl(ident, 0, None)


@pytest.fixture(scope='module')
def neighbourhood(request: pytest.FixtureRequest,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[Neighbourhood]:
    root = tmp_path_factory.mktemp('neighbourhood-root')
    saved, tempfile.tempdir = tempfile.tempdir, str(root)
    try:
        isolation = probe(off=MODES[request.param])  # the mode's name is the param
        yield Neighbourhood(isolation, root, ours(root))
        isolation.close()
    finally:
        tempfile.tempdir = saved


def submission(folder: Path, **files: Path) -> Path:
    """A folder of the model answers, with `files` (exercise: file) in their place."""
    folder.mkdir(parents=True)
    for name in ('mirror', 'winner', 'count_boxes'):
        shutil.copy(files.get(name, PROJECT / 'solutions' / f'{name}.py'),
                    folder / f'{name}.py')
    return folder


def points(result: SubmissionResult) -> dict[str, float]:
    return {exercise.exercise: exercise.points for exercise in result.exercises}


def full(result: SubmissionResult) -> bool:
    return all(e.points == e.max_points for e in result.exercises)


def assert_nothing_left(place: Neighbourhood, before: set[tuple[str, int]]) -> None:
    assert stray_processes(place.root, place.zygotes) == []
    assert stray_files(place.root) == []
    assert ipc_objects() - before == set()


@pytest.mark.parametrize('neighbourhood', sorted(MODES), indirect=True)
def test_what_one_student_leaves_in_the_kernel_never_reaches_the_next(
        neighbourhood: Neighbourhood, tmp_path: Path,
        no_ipc_left: set[tuple[str, int]]) -> None:
    isolation = neighbourhood.isolation
    attacker = grade_submission(submission(tmp_path / 'attacker',
                                           mirror=ATTACKS / 'shared_memory.py'),
                                CONFIG, isolation)
    reader = grade_submission(submission(tmp_path / 'reader',
                                         mirror=ATTACKS / 'shared_memory_reader.py'),
                              CONFIG, isolation)
    honest = grade_submission(PROJECT / 'solutions', CONFIG, isolation)
    assert full(reader), reader.exercises[0].checks  # found nothing another student left
    assert full(honest)  # not killed for memory another student had charged
    if 'seccomp' in isolation.layers:  # the kernel refused every IPC call
        assert full(attacker)
    assert_nothing_left(neighbourhood, no_ipc_left)


@pytest.mark.parametrize('neighbourhood', WITH_SECCOMP, indirect=True)
def test_a_child_reaches_neither_the_grader_nor_files_outside_its_folder_nor_root(
        neighbourhood: Neighbourhood, tmp_path: Path,
        no_ipc_left: set[tuple[str, int]]) -> None:
    isolation = neighbourhood.isolation
    result = grade_submission(submission(tmp_path / 'reach', mirror=ATTACKS / 'reach_out.py'),
                              CONFIG, isolation)
    after = grade_submission(PROJECT / 'solutions', CONFIG, isolation)
    mirror = result.exercises[0]
    assert mirror.points == mirror.max_points, [c.finding for c in mirror.checks]
    assert full(after)
    assert_nothing_left(neighbourhood, no_ipc_left)


@pytest.mark.parametrize('neighbourhood', WITH_SECCOMP, indirect=True)
def test_swapped_rules_cannot_be_told_from_the_real_ones(
        neighbourhood: Neighbourhood, tmp_path: Path) -> None:
    folder = submission(tmp_path / 'dodge', count_boxes=ATTACKS / 'rules_variant_dodge.py')
    result = grade_submission(folder, CONFIG, neighbourhood.isolation)
    count_boxes = result.exercises[2]
    assert count_boxes.exercise == 'count_boxes'
    assert [flag.kind for flag in count_boxes.flags] == ['hard-coded']
    assert count_boxes.points == count_boxes.max_points  # flagged for a look, not failed


@pytest.mark.parametrize('neighbourhood', WITH_SECCOMP, indirect=True)
def test_a_tree_of_folders_deeper_than_recursion_is_cleared_away(
        neighbourhood: Neighbourhood, tmp_path: Path,
        no_ipc_left: set[tuple[str, int]]) -> None:
    folder = submission(tmp_path / 'deep', mirror=ATTACKS / 'deep_folders.py')
    result = grade_submission(folder, CONFIG, neighbourhood.isolation)
    assert full(result)
    assert_nothing_left(neighbourhood, no_ipc_left)


def test_a_stale_run_folder_goes_however_deep_and_without_following_links(
        tmp_path: Path) -> None:
    dead = int(Path('/proc/sys/kernel/pid_max').read_text()) + 1  # never a live process
    stale = tmp_path / f'hexgrade-run-{dead}-x'
    make_chain(stale / 'child-0', 1500, last=('left.txt', 'a student was here'))
    outside = tmp_path / 'outside'
    outside.mkdir()
    (outside / 'keep.txt').write_text('not the grader\'s to remove')
    (stale / 'child-0' / 'out').symlink_to(outside)
    (stale / 'link').symlink_to(outside / 'keep.txt')
    clear_stale(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ['outside']
    assert (outside / 'keep.txt').read_text() == 'not the grader\'s to remove'


def test_run_folders_and_groups_are_stale_by_one_test_of_their_grader() -> None:
    from autograder.sandbox.stale import left_by_the_gone
    dead = int(Path('/proc/sys/kernel/pid_max').read_text()) + 1
    folders = [Path(f'hexgrade-run-{pid}-x') for pid in (dead, os.getpid())] + \
        [Path('hexgrade-run-notapid-x'), Path('hexgrade-run')]
    groups = [Path(f'hexgrade-{pid}-7f') for pid in (os.getpid(), dead)]
    assert left_by_the_gone(folders, 2) == [folders[0]]
    assert left_by_the_gone(groups, 1) == [groups[1]]


def test_a_stale_run_folder_that_will_not_go_never_stops_a_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dead = int(Path('/proc/sys/kernel/pid_max').read_text()) + 1
    stuck = tmp_path / f'hexgrade-run-{dead}-x' / 'stuck'
    stuck.mkdir(parents=True)
    (tmp_path / f'hexgrade-run-{dead}-y').symlink_to(tmp_path / 'gone')  # leads nowhere
    real_rmdir = os.rmdir

    def refuse(path: str, *, dir_fd: int | None = None) -> None:
        if os.path.basename(path) == 'stuck':
            raise PermissionError(1, 'Operation not permitted', path)
        real_rmdir(path, dir_fd=dir_fd)
    monkeypatch.setattr(os, 'rmdir', refuse)
    monkeypatch.setattr(tempfile, 'tempdir', str(tmp_path))
    clear_stale(tmp_path)  # does not raise
    assert [p.name for p in tmp_path.iterdir()] == [f'hexgrade-run-{dead}-x']
    assert stuck.is_dir()
    isolation = probe(off=('bubblewrap',))
    try:
        assert isolation.runtime is not None
        with_runtime = grade_submission(PROJECT / 'solutions', CONFIG, isolation)
    finally:
        isolation.close()
    assert full(with_runtime)


# -- a whole class, attackers and honest students mixed ----------------------------------

HONEST = {  # student: the pieces they wrote, beside the model answers
    '02-model-answers': {},
    '04-mirror-mistake': {'mirror': PIECES / 'mirror' / 'whole_string_reversed.py'},
    '06-winner-mistake': {'winner': PIECES / 'winner' / 'nobody_ever_wins.py'},
    '08-count-by-recursion': {'count_boxes': PIECES / 'count_boxes' / 'correct_recursion.py'},
    '12-model-answers-again': {},
}
ATTACKERS = {  # graded in turn with the honest, each just before one of them
    '01-shared-memory': {'mirror': ATTACKS / 'shared_memory.py'},
    '03-shared-memory-reader': {'mirror': ATTACKS / 'shared_memory_reader.py'},
    '05-reach-out': {'mirror': ATTACKS / 'reach_out.py'},
    '07-deep-folders': {'mirror': ATTACKS / 'deep_folders.py'},
    '09-rules-variant-dodge': {'count_boxes': ATTACKS / 'rules_variant_dodge.py'},
    '10-fork-bomb': {'winner': ATTACKS / 'fork_bomb.py'},
    '11-memory-bomb': {'count_boxes': ATTACKS / 'memory_bomb.py'},
}


SCORES = ('mirror', 'winner', 'count_boxes', 'total', 'flags')


def graded_class(folder: Path, students: dict[str, dict[str, Path]], out: Path
                 ) -> dict[str, str]:
    """Each student's score, as `hexgrade grade` writes it into grades.csv."""
    for student, files in students.items():
        submission(folder / student, **files)
    said = StringIO()
    with redirect_stdout(said), redirect_stderr(StringIO()):
        code = main(['grade', str(folder), '--out', str(out), '--no-cache', '-j', '1'])
    assert code == 0, said.getvalue()
    with open(out / 'grades.csv', encoding='utf-8', newline='') as table:
        rows = list(csv.DictReader(table))
    return {row['student']: json.dumps([row[column] for column in SCORES]) for row in rows}


@pytest.mark.parametrize('off', ['', 'bubblewrap'], ids=['every layer', 'no bubblewrap'])
def test_a_class_of_attackers_and_honest_students_grades_the_honest_as_if_alone(
        off: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        no_ipc_left: set[tuple[str, int]]) -> None:
    root = tmp_path / 'temp'
    root.mkdir()
    monkeypatch.setenv(ENV_OFF, off)
    monkeypatch.setenv('TMPDIR', str(root))
    monkeypatch.setattr(tempfile, 'tempdir', str(root))
    monkeypatch.chdir(tmp_path)  # no grader.toml here: the defaults
    alone = graded_class(tmp_path / 'alone', HONEST, tmp_path / 'out-alone')
    before = ours(root)  # the grader's own helpers (multiprocessing's tracker) by now
    mixed = graded_class(tmp_path / 'mixed', {**HONEST, **ATTACKERS}, tmp_path / 'out-mixed')
    assert alone.keys() == HONEST.keys()
    assert {student: mixed[student] for student in HONEST} == alone
    assert stray_processes(root, before) == []
    assert sorted(p.name for p in root.iterdir()) == []  # no run folder, nothing
    assert ipc_objects() - no_ipc_left == set()


# -- never a root child ----------------------------------------------------------------

ROOT_MODES = {'every layer': (), 'no bubblewrap': ('bubblewrap',), 'no uid': ('uid',),
              'no bubblewrap nor uid': ('bubblewrap', 'uid'), 'no zygote': ('zygote',)}
WHO = 'import os\ndef who(x):\n    return [os.getuid(), os.geteuid(), os.getgid(), os.getgroups()]\n'


@pytest.mark.skipif(os.geteuid() != 0, reason='as an ordinary user, children are one too')
@pytest.mark.parametrize('off', ROOT_MODES.values(), ids=ROOT_MODES.keys())
def test_as_root_no_child_keeps_root_whatever_layers_are_off(off: tuple[str, ...]) -> None:
    isolation = probe(off=off)
    try:
        with StudentProcess(CONFIG.limits, isolation) as child:
            assert child.load(WHO, 'who.py', {}).error is None
            (outcome,) = child.call('who', [('x',)]).outcomes
    finally:
        isolation.close()
    assert isinstance(outcome, Returned) and isinstance(outcome.value, list)
    uid, euid, gid, groups = outcome.value
    assert uid == euid == gid and isinstance(uid, int) and uid >= 100_000 and groups == []


@pytest.mark.skipif(os.geteuid() != 0, reason='the uid layer is for root')
def test_as_root_without_bubblewrap_the_uid_layer_is_on() -> None:
    """Even with the Python in a folder other users cannot reach (under /root)."""
    isolation = probe(off=('bubblewrap',))
    try:
        assert 'uid' in isolation.layers, isolation.missing
    finally:
        isolation.close()


@pytest.mark.skipif(os.geteuid() != 0, reason='the uid layer is for root')
def test_where_no_child_can_give_up_root_nothing_is_graded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(uid_pool.UidPool, 'take', lambda self: 2 ** 32 - 1)  # refused
    with pytest.raises(GraderError) as raised:
        probe(off=('bubblewrap',))
    assert str(raised.value).startswith(
        'as root, every child must give up root before it runs student code, and a trial '
        'child could not (the sandbox could not put on its uid layer: OSError: ')
    assert str(raised.value).endswith('; run hexgrade as an ordinary user, or install '
                                      'bubblewrap (Debian: apt-get install bubblewrap)')


@pytest.mark.skipif(os.geteuid() != 0, reason='making objects as another uid needs root')
@pytest.mark.parametrize('held', [False, True], ids=['tables read by path',
                                                     'tables held open, as the zygote reads them'])
def test_the_ipc_objects_of_an_ended_childs_uid_are_removed(
        no_ipc_left: set[tuple[str, int]], held: bool) -> None:
    """Where the kernel gives a child no IPC namespace of its own (root without
    CAP_SYS_ADMIN, in a container), what it made must still go with it."""
    uid = UIDS[-1]

    def make() -> str:
        import ctypes
        os.setgid(uid)
        os.setuid(uid)
        libc = ctypes.CDLL(None, use_errno=True)
        made = [libc.shmget(0, 4096, 0o1600), libc.semget(0, 1, 0o1600),
                libc.msgget(0, 0o1600)]
        return ' '.join('made' if ident != -1 else 'refused' for ident in made)
    assert in_fork(make) == 'made made made'
    left = ipc_objects() - no_ipc_left
    assert {kind for kind, _ in left} == set(IPC)
    handles = zygote.Handles(clear_ipc=True) if held else None
    try:
        zygote._remove_ipc(uid, ctypes.CDLL(None, use_errno=True),
                           handles.ipc if handles else None)
    finally:
        for fd in handles.zygotes_own() if handles else []:
            os.close(fd)
    assert ipc_objects() - no_ipc_left == set()
