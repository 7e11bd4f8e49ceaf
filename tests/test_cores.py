from __future__ import annotations

import os
import subprocess
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from autograder.classroom import cores
from autograder.classroom.workers import Job, Started, run_jobs
from autograder.settings.config import Config

linux_only = pytest.mark.skipif(not hasattr(os, 'sched_getaffinity'),
                                reason='cores are kept to on Linux only')


def test_workers_that_fill_the_machine_each_get_a_core(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    monkeypatch.setattr(os, 'sched_getaffinity', lambda pid: {3, 1, 2, 0}, raising=False)
    assert cores.cores_for(4) == [0, 1, 2, 3]


@pytest.mark.parametrize('workers', [1, 2, 3, 5])
def test_fewer_or_more_workers_than_cores_are_left_free(
        monkeypatch: pytest.MonkeyPatch, workers: int) -> None:
    monkeypatch.setattr(os, 'sched_getaffinity', lambda pid: {0, 1, 2, 3}, raising=False)
    assert cores.cores_for(workers) == [None] * workers


def test_a_system_that_cannot_say_leaves_every_worker_free(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, 'sched_getaffinity', raising=False)
    assert cores.cores_for(2) == [None, None]
    cores.keep_to(None)  # nothing to do, and no error


def _where(conn: Connection, config: Config) -> None:
    """A worker that says, for each job, which cores it and a process it starts may run
    on."""
    while (job := conn.recv()) is not None:
        started = subprocess.run(
            [sys.executable, '-c', 'import os; print(sorted(os.sched_getaffinity(0)))'],
            capture_output=True, text=True, check=True)
        time.sleep(0.05)  # long enough for the other workers to take jobs too
        conn.send((job.index, ('graded', (os.getpid(), sorted(os.sched_getaffinity(0)),
                                          started.stdout.strip())), 0.0))


@linux_only
def test_workers_started_ahead_keep_to_a_core_each_and_so_do_their_processes() -> None:
    allowed = sorted(os.sched_getaffinity(0))
    if len(allowed) < 2:
        pytest.skip('one core: nothing to share out')
    with Started(len(allowed), Config(), serve=_where) as ahead:
        found = []
        for index, worker in enumerate(ahead._waiting):
            worker.start(Job(index, str(index)), 60)
            outcome = worker.collect()
            assert outcome is not None and outcome[1][0] == 'graded'
            found.append(outcome[1][1])
    assert sorted(core for _, (core,), _ in found) == allowed
    assert all(started == str([core]) for _, (core,), started in found)


@linux_only
def test_a_worker_that_died_is_replaced_on_its_core(tmp_path: Path) -> None:
    allowed = sorted(os.sched_getaffinity(0))
    if len(allowed) < 2:
        pytest.skip('one core: nothing to share out')
    died = tmp_path / 'died'
    jobs = [Job(0, str(died))] + [Job(index, str(index)) for index in range(1, 4 * len(allowed))]
    reports: dict[int, tuple[str, object]] = {}
    run_jobs(jobs, len(allowed), Config(),
             lambda index, reply, seconds: reports.__setitem__(index, reply),
             serve=_dies_saying_where)
    assert reports[0][0] == 'stopped'
    graded = [reply for kind, reply in reports.values() if kind == 'graded']
    where = dict(graded)  # the cores each process that graded may run on
    assert all(len(cores) == 1 for cores in where.values()), where
    taken = [cores[0] for cores in where.values()]
    assert len(where) == len(allowed) and sorted(taken) == allowed  # one core each
    assert int(died.read_text()) in taken  # the replacement took the dead one's core


def _dies_saying_where(conn: Connection, config: Config) -> None:
    """Dies on the job whose path is a file to write its core in; otherwise says which
    process it is and the cores it may run on."""
    while (job := conn.recv()) is not None:
        if job.index == 0:
            Path(job.snapshot).write_text(str(*os.sched_getaffinity(0)))
            os._exit(3)
        time.sleep(0.05)  # long enough for every worker to take jobs
        conn.send((job.index, ('graded', (os.getpid(), sorted(os.sched_getaffinity(0)))),
                   0.0))
