"""Grading a batch on a Dask cluster, for classes larger than one machine grades in time.

Each submission is one task: a pure function of its snapshot (see `snapshot`) and the
settings that returns the record as data, so when a worker is lost the scheduler
sends the submissions it held to another worker and grading them again is safe.
Every worker sets up its own sandbox, probing what its own machine allows, once, as
it joins. Workers read each snapshot where the command wrote it, beside OUT: OUT must
be in a folder that every worker sees at the same path.
"""
from __future__ import annotations

import contextlib
import logging
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from distributed import Client, LocalCluster, WorkerPlugin, as_completed, get_worker

from autograder.classroom.workers import Job, Report, grade_one
from autograder.errors import UsageError
from autograder.grading import child_limits
from autograder.sandbox import Isolation, Spares, probe
from autograder.settings.config import Config
from autograder.sharing.shared_work import SharedWork

LOCAL = 'local:'
PLUGIN = 'hexgrade-sandbox'
CONNECT_SECONDS = 20  # a scheduler that has not answered by then is not there
# what a task returns: ('graded', record data) or ('stopped', reason), and its seconds
Task = Callable[[str, Config], tuple[tuple[str, Any], float]]


@dataclass(frozen=True)
class Cluster:
    address: str | None  # a running scheduler's; None to start a local cluster
    workers: int = 0  # of the local cluster


def parse_cluster(text: str) -> Cluster:
    """`local:N`, or the address of a running scheduler such as `tcp://host:8786`."""
    if not text.startswith(LOCAL):
        if not text:
            raise UsageError('--dask needs the address of a Dask scheduler, or local:N',
                             tip='for example --dask tcp://scheduler:8786 or --dask local:4')
        return Cluster(text)
    count = text.removeprefix(LOCAL)
    if not count.isdigit() or int(count) < 1:
        raise UsageError(f'--dask {text}: a local cluster needs a number of workers, '
                         f'at least 1', tip='for example --dask local:4')
    return Cluster(None, int(count))


def run_jobs_on_cluster(jobs: list[Job], cluster: Cluster, config: Config, report: Report,
                        task: Task | None = None) -> None:
    """Grade every job on the cluster's workers; `report` hears of each as it ends.

    `task` is what grades one path on a worker (tests give their own)."""
    task = task or grade_on_worker
    batch = uuid.uuid4().hex  # keys of this batch only, should two share a scheduler
    with _client(cluster) as client:
        client.register_plugin(Sandbox(), name=PLUGIN)
        futures = {client.submit(task, job.snapshot, config,
                                 key=f'hexgrade-{batch}-{job.index}',
                                 pure=False): job for job in jobs}
        for future in as_completed(futures):
            job = futures[future]
            try:
                reply, seconds = future.result()
            except Exception as exc:  # workers kept dying on it: it stays with this student
                reply, seconds = ('stopped', f'the cluster could not grade it: '
                                             f'{type(exc).__name__}: {exc}'), 0.0
            report(job.index, reply, seconds)


def grade_on_worker(path: str, config: Config) -> tuple[tuple[str, Any], float]:
    """Grade one submission, from the snapshot in `path`, with this worker's sandbox."""
    sandbox = get_worker().plugins[PLUGIN]
    assert isinstance(sandbox, Sandbox)
    started = time.monotonic()
    reply = grade_one(Path(path), config, *sandbox.for_batch(config))
    return reply, time.monotonic() - started


class Sandbox(WorkerPlugin):
    """A worker's own isolation, probed as it joins, with what its gradings share and
    the children it starts ahead (see `shared_work`, `spares`): its own, dropped when
    it leaves. The memos are safe between the worker's threads."""

    def __init__(self) -> None:  # made by the command, then sent to each worker
        self.isolation: Isolation | None = None
        self.work: SharedWork | None = None
        self.spares: Spares | None = None

    def setup(self, worker: Any) -> None:
        self.isolation = probe()  # silently: the command has told the teacher what is missing
        self.work = SharedWork()

    def for_batch(self, config: Config) -> tuple[Isolation, SharedWork, Spares]:
        assert self.isolation is not None and self.work is not None  # set up on joining
        if self.spares is None or self.spares.limits != child_limits(config):
            if self.spares is not None:
                self.spares.close()
            self.spares = Spares(self.isolation, child_limits(config))
        return self.isolation, self.work, self.spares

    def teardown(self, worker: Any) -> None:
        if self.spares is not None:  # first: a spare child's uid and groups go back
            self.spares.close()
        if self.isolation is not None:
            self.isolation.close()


@contextlib.contextmanager
def _client(cluster: Cluster) -> Iterator[Client]:
    if cluster.address is not None:
        try:
            client = Client(cluster.address, timeout=f'{CONNECT_SECONDS}s')
        except OSError as exc:
            raise UsageError(f'--dask {cluster.address}: no Dask scheduler answered ({exc})',
                             tip='start one with `dask scheduler`, and workers with '
                                 '`dask worker ADDRESS`') from None
        with client:
            yield client
        return
    # one thread a worker, as hexgrade's own workers: each grades one submission at a time
    with LocalCluster(n_workers=cluster.workers, threads_per_worker=1, processes=True,
                      host='127.0.0.1', dashboard_address=None,
                      silence_logs=logging.ERROR) as local, Client(local) as client:
        yield client
