from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Iterator

import pytest

from autograder.classroom.process_tree import kill_tree
from autograder.classroom.workers import Job, Probed, Started, _serve, _Worker, run_jobs
from autograder.sandbox import proc_stat
from autograder.sandbox.cgroups import hierarchies
from autograder.serialise import from_data
from autograder.settings.config import Config
from autograder.submission.snapshot import take, write

from class_records import PIECES, fast_config


def _jobs(conn: Connection) -> Iterator[Job]:
    """The jobs a test's worker is sent, until it is told to stop; it dies on a job
    named so."""
    while (job := conn.recv()) is not None:
        if job.snapshot == 'die':
            os._exit(3)
        yield job


def _flaky(conn: Connection, config: Config) -> None:
    """A worker that dies on one job and hangs on another."""
    for job in _jobs(conn):
        if job.snapshot == 'hang':
            time.sleep(60)
        conn.send((job.index, ('graded', job.snapshot.upper()), 0.0))


def _told_what_the_command_set(conn: Connection, config: Config) -> None:
    """A worker that says whether it sees what the command set in its own memory."""
    from autograder.classroom import workers
    while True:
        job = conn.recv()
        if job is None:
            return
        conn.send((job.index, ('graded', hasattr(workers, 'set_by_the_command')), 0.0))


def run(jobs: list[Job], config: Config, **kwargs: Any) -> dict[int, tuple[str, Any]]:
    reports: dict[int, tuple[str, Any]] = {}
    run_jobs(jobs, 2, config,
             lambda index, reply, seconds: reports.__setitem__(index, reply), **kwargs)
    return reports


def test_a_dead_or_stuck_worker_costs_only_its_own_job() -> None:
    jobs = [Job(0, 'a'), Job(1, 'die'), Job(2, 'hang'), Job(3, 'b'), Job(4, 'c')]
    reports = run(jobs, Config(), serve=_flaky, limit=2)
    assert reports == {
        0: ('graded', 'A'),
        1: ('stopped', 'the grading process stopped (exit code 3) while grading it'),
        2: ('stopped', 'grading it took more than 2 s, so it was stopped'),
        3: ('graded', 'B'),
        4: ('graded', 'C'),
    }


# a command of one thread, in a process of its own (pytest's may run threads): whether
# its workers see what it set in a module before they started
ONE_THREAD_COMMAND = """
from multiprocessing.connection import Connection
from autograder.classroom import workers
from autograder.settings.config import Config

def told(conn: Connection, config: Config) -> None:
    while (job := conn.recv()) is not None:
        conn.send((job.index, ('graded', hasattr(workers, 'set_by_the_command')), 0.0))

workers.set_by_the_command = True
seen = []
workers.run_jobs([workers.Job(0, 'a'), workers.Job(1, 'b')], 2, Config(),
                 lambda index, reply, seconds: seen.append(reply[1]), serve=told)
print(seen)
"""


@pytest.mark.skipif(sys.platform != 'linux', reason='workers are forked on Linux only')
def test_a_command_of_one_thread_forks_its_workers_on_linux() -> None:
    """They start with the grader's modules loaded, as the command has them, instead of
    loading them again."""
    done = subprocess.run([sys.executable, '-c', ONE_THREAD_COMMAND], capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.split() == ['[True,', 'True]'], done.stderr


FROZEN_COMMAND = """
import gc
from multiprocessing.connection import Connection
from autograder.classroom import workers
from autograder.settings.config import Config

def frozen(conn: Connection, config: Config) -> None:
    while (job := conn.recv()) is not None:
        conn.send((job.index, ('graded', gc.get_freeze_count()), 0.0))

kept = [object() for _ in range(1000)]  # what the command holds as it forks
seen = []
workers.run_jobs([workers.Job(0, 'a')], 1, Config(),
                 lambda index, reply, seconds: seen.append(reply[1]), serve=frozen)
print(seen[0] >= 1000)
"""


@pytest.mark.skipif(sys.platform != 'linux', reason='workers are forked on Linux only')
def test_a_forked_worker_starts_with_what_the_command_holds_kept_from_its_collector() -> None:
    """Its collector's rounds never walk the command's modules and tables again."""
    done = subprocess.run([sys.executable, '-c', FROZEN_COMMAND], capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.split() == ['True'], done.stderr


# a command that starts its workers, waits until each has its sandbox, says who they
# are and is killed: no chance to tell them to stop
KILLED_COMMAND = """
import os, signal
from autograder.classroom.workers import Started
from autograder.settings.config import Config

started = Started(2, Config())
for worker in started._waiting:
    worker.read_probed()
    assert worker.probed is not None and worker.probed.name is not None, worker.probed
print(' '.join(str(worker.process.pid) for worker in started._waiting), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(sys.platform != 'linux', reason='workers are forked on Linux only')
def test_workers_end_and_clear_their_sandboxes_when_the_command_is_killed(
        tmp_path: Path) -> None:
    """A killed command sends no stop; each worker still sees it go, and clears its
    sandbox's folder and groups as it ends."""
    (tmp_path / 'tmp').mkdir()
    with open(tmp_path / 'stderr', 'w') as stderr:
        command = subprocess.Popen([sys.executable, '-c', KILLED_COMMAND], text=True,
                                   stdout=subprocess.PIPE, stderr=stderr,
                                   env={**os.environ, 'TMPDIR': str(tmp_path / 'tmp')})
    assert command.stdout is not None
    pids = [int(pid) for pid in command.stdout.readline().split()]
    command.wait(60)
    try:
        assert len(pids) == 2, (tmp_path / 'stderr').read_text()
        for _ in range(300):
            if not any(map(_running, pids)) and not list((tmp_path / 'tmp').iterdir()):
                break
            time.sleep(0.05)
        assert not any(map(_running, pids))
        assert list((tmp_path / 'tmp').iterdir()) == []
        assert not [group for group in _groups()
                    if any(group.name.startswith(f'hexgrade-{pid}-') for pid in pids)]
    finally:  # a worker that did not end must not outlive the test
        for pid in pids:
            if _running(pid):
                kill_tree(pid)
        command.stdout.close()


def _running(pid: int) -> bool:
    """Not gone, nor a zombie (an orphan's is reaped by init in its own time)."""
    found = proc_stat.fields(pid)
    return found is not None and found[0] != b'Z'


def test_a_command_running_threads_starts_its_workers_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A fork copies only the thread that made it, and a lock another thread held stays
    held in the copy for good: those workers are spawned, and hold nothing of the
    command's memory."""
    from autograder.classroom import workers
    monkeypatch.setattr(workers, 'set_by_the_command', True, raising=False)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert run([Job(0, 'a'), Job(1, 'b')], Config(),
                   serve=_told_what_the_command_set) == {0: ('graded', False),
                                                         1: ('graded', False)}
    finally:
        stop.set()
        other.join()


def test_real_workers_grade_and_report_the_graders_own_failures(tmp_path: Path) -> None:
    folder = tmp_path / 'ada'
    folder.mkdir()
    (folder / 'mirror.py').write_bytes((PIECES / 'mirror' / 'correct_join.py').read_bytes())
    _, config = fast_config(tmp_path)
    write(take(folder), tmp_path / 'ada.snapshot')
    reports = run([Job(0, str(tmp_path / 'ada.snapshot')),
                   Job(1, str(tmp_path / 'gone.snapshot'))], config)
    kind, data = reports[0]
    assert kind == 'graded'
    assert [e.points for e in from_data(data).exercises] == [3.0, 0.0, 0.0]
    assert reports[1] == ('stopped', f"the grader failed on it: FileNotFoundError: [Errno 2] "
                                     f"No such file or directory: '{tmp_path}/gone.snapshot'")


def _named(conn: Connection, config: Config) -> None:
    """A worker that says which process graded each job."""
    while True:
        job = conn.recv()
        if job is None:
            return
        conn.send((job.index, ('graded', os.getpid()), 0.0))


def _until(path: Path) -> None:
    """Wait for another worker to make `path` (polled; a test that hangs fails anyway)."""
    deadline = time.monotonic() + 30
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.01)


def test_workers_started_ahead_grade_the_jobs_and_the_spare_ones_stop() -> None:
    config = Config()
    with Started(3, config, serve=_named) as ahead:
        pids = {worker.process.pid for worker in ahead._waiting}
        processes = [worker.process for worker in ahead._waiting]
        reports = run([Job(0, 'a'), Job(1, 'b'), Job(2, 'c')], config, serve=_named,
                      ahead=ahead)
        assert {reply[1] for reply in reports.values()} <= pids  # no other process
        # the batch is over: all told to stop, and waited for when `ahead` closes
        assert not ahead._waiting and len(ahead._done) == 3
        assert all(worker.stopping for worker in ahead._done)
    assert not any(process.is_alive() for process in processes)


def test_workers_started_for_other_work_are_left_alone_and_stopped_at_the_end() -> None:
    with Started(1, Config(), serve=_named) as ahead:
        process = ahead._waiting[0].process
        reports = run([Job(0, 'a')], Config(), serve=_named, ahead=ahead)  # another config
        assert reports[0][1] != process.pid
    assert not process.is_alive()


def _dies_at_once_when_told(conn: Connection, config: Config) -> None:
    """A worker that dies as it starts while the environment says so (as a worker whose
    own set-up failed would), and grades otherwise."""
    if os.environ.get('HEXGRADE_TEST_WORKER_DIES'):
        os._exit(4)
    _flaky(conn, config)


def test_a_worker_started_ahead_that_died_is_replaced_and_no_job_is_lost(
        monkeypatch: pytest.MonkeyPatch) -> None:
    config = Config()
    monkeypatch.setenv('HEXGRADE_TEST_WORKER_DIES', '1')
    with Started(2, config, serve=_dies_at_once_when_told) as ahead:
        for worker in ahead._waiting:
            worker.process.join(10)  # dead while the command searched for students
        monkeypatch.delenv('HEXGRADE_TEST_WORKER_DIES')
        reports = run([Job(0, 'a'), Job(1, 'b'), Job(2, 'c')], config,
                      serve=_dies_at_once_when_told, ahead=ahead)
    assert reports == {0: ('graded', 'A'), 1: ('graded', 'B'), 2: ('graded', 'C')}


def test_a_worker_that_dies_before_its_job_reaches_it_costs_only_that_job() -> None:
    config = Config()
    worker = _Worker(_dies_at_once_when_told, config)
    worker.process.kill()
    worker.process.join(10)
    worker.start(Job(0, 'a'), 5)  # its end of the pipe is gone: no error here
    outcome = worker.collect()
    assert outcome is not None
    index, reply, _ = outcome
    assert (index, reply[0]) == (0, 'stopped') and 'stopped' in reply[1]
    worker.close()


def test_workers_started_ahead_say_what_they_found_of_the_sandbox() -> None:
    from autograder.sandbox import probe
    here = probe()
    here.close()
    with Started(2, Config()) as ahead:
        probed = ahead.probed()
    assert probed is not None and probed.name == here.name
    assert list(probed.warnings) == here.warnings()


def test_a_worker_whose_probe_fails_says_why_and_stops(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv('HEXGRADE_ISOLATION_OFF', 'firewall')  # no such layer: an error
    config = Config()
    with Started(1, config) as ahead:
        probed = ahead.probed()  # the command probes itself
        assert probed is not None and probed.name is None
        assert "no isolation layer 'firewall'" in probed.failed
        worker = ahead._waiting[0]
        worker.process.join(10)
        assert not worker.process.is_alive()


def test_a_worker_known_to_have_failed_its_probe_is_given_no_job() -> None:
    config = Config()
    with Started(2, config, serve=_named) as ahead:
        failed, sound = ahead._waiting
        failed.probed = Probed(None, failed='OSError: no zygote')  # alive, but it says so
        assert failed.process.is_alive()
        assert ahead.take(2, config, _named) == [sound]


def test_a_job_given_to_a_worker_whose_probe_failed_says_why_it_stopped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv('HEXGRADE_ISOLATION_OFF', 'firewall')
    worker = _Worker(_serve, Config())
    try:
        worker.start(Job(0, 'a'), 60)
        outcome = None
        while outcome is None:
            outcome = worker.collect()
    finally:
        worker.close()
    index, reply, _ = outcome
    assert (index, reply[0]) == (0, 'stopped')
    assert reply[1].startswith('the grading process could not set up its sandbox (')
    assert 'firewall' in reply[1]


def _groups() -> set[Path]:
    """The grader's groups in every cgroup hierarchy this process is in."""
    return {group for top in hierarchies().values() if top.is_dir()
            for group in top.glob('hexgrade-*')}


def test_a_class_graded_by_the_command_leaves_no_folder_or_group_behind(
        tmp_path: Path) -> None:
    """Each worker clears its sandbox's run folder and groups as it stops, forked or not
    (a forked worker ends without the interpreter's exit handlers)."""
    for student in ('ada', 'bob'):
        (tmp_path / 'class' / student).mkdir(parents=True)
        shutil.copy(PIECES / 'mirror' / 'correct_join.py', tmp_path / 'class' / student)
    (tmp_path / 'tmp').mkdir()
    before = _groups()
    done = subprocess.run(
        [sys.executable, '-m', 'autograder', 'grade', str(tmp_path / 'class'), '--out',
         str(tmp_path / 'out'), '--no-cache', '-j', '2'],
        env={**os.environ, 'TMPDIR': str(tmp_path / 'tmp')}, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / 'tmp').iterdir()) == []
    assert _groups() <= before
