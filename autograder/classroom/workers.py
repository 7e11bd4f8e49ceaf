"""Grading workers: trusted processes that each grade one submission at a time.

Where it is safe, workers are forked from the command, and start with the modules it
has loaded; elsewhere they are started fresh (see `start_method`). A worker that dies,
or takes far longer than any submission can, is replaced; the submission it held
gets the reason as its result and the batch goes on. Each probes the sandbox as it
starts, and says what it found (`Probed`): the command tells the teacher that,
without a trial of its own. Workers that fill the machine keep to a core each (see
`cores`).
"""
from __future__ import annotations

import gc
import signal
import sys
import time
from collections import deque
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, Callable

from autograder.classroom import start_method
from autograder.classroom.cores import cores_for, keep_to
from autograder.classroom.process_tree import kill_tree
from autograder.sandbox import Isolation, Spares, probe
from autograder.settings.config import Config
from autograder.sharing.shared_work import SharedWork

# what a finished job reports: its index, ('graded', record data) or ('stopped', reason),
# and the seconds it took
Report = Callable[[int, tuple[str, Any], float], None]
Serve = Callable[[Connection, Config], None]
CLOSING_SECONDS = 10  # for a worker told to stop, before it is killed
PROBE_SECONDS = 60  # for a worker to say what it found of the sandbox
# objects allocated between two collections of the youngest generation (Python's
# default is 700): a submission builds lists of 19,683 answers several times over, and
# each collection also runs the callbacks Hypothesis hangs on the collector
YOUNG_OBJECTS = 50_000


@dataclass(frozen=True)
class Job:
    index: int
    snapshot: str  # the file of the snapshot to grade (see `snapshot.write`)


@dataclass(frozen=True)
class Probed:
    """What a worker found of the sandbox as it started: the isolation's name and the
    teacher's warnings; no name when the probe failed, and why (the worker stops, and
    the command probes itself)."""
    name: str | None
    warnings: tuple[str, ...] = ()
    failed: str = ''


class Started:
    """Workers started before their jobs are known, so that their start-up (an
    interpreter, the grader's modules, a zygote) overlaps the command's own: its
    probe, the search for students. `run_jobs` takes what it needs and gives every
    worker back to stop; `close` stops the rest and waits for all. Use as a context
    manager."""

    def __init__(self, count: int, config: Config, serve: Serve | None = None) -> None:
        self.config = config
        self.serve = serve or _serve
        self._waiting: list[_Worker] = []
        self._done: list[_Worker] = []  # told to stop, not yet waited for
        try:
            for core in cores_for(count):
                self._waiting.append(_Worker(self.serve, config, core))
        except BaseException:  # out of processes, or Ctrl-C: none may be left behind
            self.close()
            raise

    def probed(self, seconds: float = PROBE_SECONDS) -> Probed | None:
        """What the first of these workers to start found of the sandbox; else what
        the first whose probe failed said; None when none says so in time (each died,
        or serves other work than grading)."""
        if self.serve is not _serve:
            return None
        until = time.monotonic() + seconds
        pending = list(self._waiting)
        failed: Probed | None = None
        while pending:
            for worker in list(pending):
                if worker.probed is not None:
                    if worker.probed.name is not None:
                        return worker.probed
                    failed = failed or worker.probed
                    pending.remove(worker)  # its probe failed: it has stopped
            if not pending:
                break
            ready = wait([w.conn for w in pending] + [w.process.sentinel for w in pending],
                         timeout=max(0.0, until - time.monotonic()))
            if not ready:
                return None
            for worker in list(pending):
                if worker.conn in ready:
                    worker.read_probed()
                    if worker.probed is None:
                        pending.remove(worker)  # it died, or said something else
                elif worker.process.sentinel in ready:
                    pending.remove(worker)
        return failed

    def take(self, count: int, config: Config, serve: Serve) -> list[_Worker]:
        """Up to `count` workers that are still alive (one may have died while the
        command searched for students), when they were started for this work."""
        if config is not self.config or serve is not self.serve:
            return []  # started for other work
        alive: list[_Worker] = []
        for worker in self._waiting:
            failed = worker.probed is not None and worker.probed.name is None
            (alive if worker.process.is_alive() and not failed else self._done).append(worker)
        taken, self._waiting = alive[:count], alive[count:]
        return taken

    def give_back(self, done: list[_Worker]) -> None:
        """Tell these workers to stop, with every one not taken, and wait for them at
        `close`: a batch's workers clear away while the command writes its pages."""
        self._done += done + self._waiting
        self._waiting = []
        for worker in self._done:
            worker.stop()

    def close(self) -> None:
        waiting, self._waiting, self._done = self._waiting + self._done, [], []
        _close_all(waiting)

    def __enter__(self) -> Started:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def run_jobs(jobs: list[Job], workers: int, config: Config, report: Report,
             serve: Serve | None = None, limit: float | None = None,
             ahead: Started | None = None) -> None:
    """Grade every job on up to `workers` processes; `report` hears of each as it ends.

    `serve` is what a worker runs (tests give their own) and `limit` the seconds after
    which a job is given up; the default is far past what any submission may take.
    Workers started `ahead` are used first, and given back to it at the end."""
    serve = serve or _serve
    limit = limit or config.submission_seconds() + 60
    pending = deque(jobs)
    count = min(workers, len(jobs))
    pool: list[_Worker] = []
    try:
        pool += ahead.take(count, config, serve) if ahead else []
        kept = {worker.core for worker in pool}  # started ahead: their cores, or none
        free = iter([core for core in cores_for(count) if core not in kept]
                    if None not in kept else [])
        while len(pool) < count:
            pool.append(_Worker(serve, config, next(free, None)))
        while pending or any(w.job for w in pool):
            for worker in pool:
                if worker.job is None and pending:
                    worker.start(pending.popleft(), limit)
            busy = [w for w in pool if w.job]
            soonest = min(w.deadline for w in busy)
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy],
                         timeout=max(0.0, soonest - time.monotonic()))
            for index, worker in enumerate(pool):
                if worker.job is None:
                    continue
                if worker.conn in ready or worker.process.sentinel in ready:
                    outcome = worker.collect()
                    if outcome is None:  # what it found of the sandbox: no job's end
                        continue
                elif time.monotonic() > worker.deadline:
                    outcome = worker.give_up(f'grading it took more than {limit:g} s, so it '
                                             f'was stopped')
                else:
                    continue
                job_index, reply, seconds = outcome
                if reply[0] == 'stopped' and not worker.process.is_alive() and pending:
                    worker.close()
                    pool[index] = _Worker(serve, config, worker.core)
                if pending:  # the next job first: the worker grades while this is reported
                    pool[index].start(pending.popleft(), limit)
                report(job_index, reply, seconds)
    finally:
        if ahead:
            ahead.give_back(pool)
        else:
            _close_all(pool)


def _close_all(workers: list[_Worker]) -> None:
    """Tell every worker to stop, then wait for each: they clear away side by side."""
    for worker in workers:
        worker.stop()
    for worker in workers:
        worker.close()


# the command's ends of the live workers' pipes: a forked worker is given its copies
# of them to close first (see `_forked`)
_COMMAND_ENDS: set[Connection] = set()


class _Worker:
    def __init__(self, serve: Serve, config: Config, core: int | None = None) -> None:
        context = start_method.context()
        self.core = core  # the one it keeps to (see `cores`), which a replacement takes
        ends: Any = context.Pipe()  # a PipeConnection on Windows, a Connection elsewhere
        self.conn: Connection = ends[0]
        theirs = ends[1]
        forking = context.get_start_method() == 'fork'
        if forking:
            self.process = context.Process(
                target=_forked, args=(serve, theirs, config, [*_COMMAND_ENDS, self.conn],
                                      core), daemon=True)
        else:
            self.process = context.Process(target=_spawned, args=(serve, theirs, config, core),
                                           daemon=True)
        # frozen for the fork, the command's modules stay out of the worker's collector's
        # rounds and their copies of shared pages (a program's own freezing left alone)
        ours = forking and gc.get_freeze_count() == 0
        if ours:
            gc.freeze()
        try:
            self.process.start()
        finally:
            if ours:
                gc.unfreeze()
        theirs.close()
        _COMMAND_ENDS.add(self.conn)
        self.job: Job | None = None
        self.deadline = 0.0
        self.started = 0.0
        self.stopping = False
        self.probed: Probed | None = None  # what it said of the sandbox, once it did

    def start(self, job: Job, limit: float) -> None:
        """Send it `job`, to be given up `limit` seconds from now."""
        self.job, self.started = job, time.monotonic()
        self.deadline = self.started + limit
        try:
            self.conn.send(job)
        except OSError:  # it died: the batch sees its end and reports the job stopped
            pass

    def collect(self) -> tuple[int, tuple[str, Any], float] | None:
        """How its job ended; None when what came was what it found of the sandbox."""
        assert self.job is not None
        try:
            message = self.conn.recv()
        except (EOFError, OSError):
            self.process.join(1)
            return self.give_up(f'the grading process stopped (exit code '
                                f'{self.process.exitcode}) while grading it')
        if isinstance(message, Probed):
            self.probed = message
            if message.name is None:  # it stops: its job ends here, saying why
                self.process.join(5)
                return self.give_up(f'the grading process could not set up its sandbox '
                                    f'({message.failed})')
            return None
        index, reply, seconds = message
        self.job = None
        return index, reply, seconds

    def read_probed(self) -> None:
        """Read what it found of the sandbox, the first thing it says (before any job)."""
        try:
            message = self.conn.recv()
        except (EOFError, OSError):
            return
        if isinstance(message, Probed):
            self.probed = message

    def give_up(self, reason: str) -> tuple[int, tuple[str, Any], float]:
        assert self.job is not None
        job, self.job = self.job, None
        if self.process.pid is not None:
            kill_tree(self.process.pid)
        self.process.join(5)
        return job.index, ('stopped', reason), time.monotonic() - self.started

    def stop(self) -> None:
        """Ask it to stop (see `close`), without waiting."""
        if self.job is not None and self.process.pid is not None:
            kill_tree(self.process.pid)  # stopped midway (Ctrl-C): its record is not wanted
            self.job = None
        if self.process.is_alive() and not self.stopping:
            self.stopping = True
            try:
                self.conn.send(None)
            except OSError:
                pass

    def close(self) -> None:
        self.stop()
        if self.process.is_alive():
            # it stops its spare child and waits until its children are cleared away
            self.process.join(CLOSING_SECONDS)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(2)
        self.conn.close()
        _COMMAND_ENDS.discard(self.conn)


def _forked(serve: Serve, conn: Connection, config: Config,
            command_ends: list[Connection], core: int | None) -> None:
    """A forked worker: it holds copies of the command's ends of its own pipe and of
    every other worker's. Closed first: else, were the command killed, a worker
    would wait for a job for ever on a pipe it holds both ends of, and keep its
    sandbox (zygote, groups, folder) with it."""
    for end in command_ends:
        end.close()
    _spawned(serve, conn, config, core)


def _spawned(serve: Serve, conn: Connection, config: Config, core: int | None) -> None:
    """A worker, kept to its core before it starts its zygote, which passes that on
    to every child."""
    keep_to(core)
    serve(conn, config)


def _serve(conn: Connection, config: Config) -> None:
    """A worker's life: take a job, grade it, send the record back, until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the command to handle
    try:  # said to the command, which tells the teacher once
        isolation = probe()
    except Exception as exc:  # the command probes itself, and says it if it can
        conn.send(Probed(None, failed=f'{type(exc).__name__}: {exc}'))
        return
    from autograder.grading import child_limits  # the checks: loaded by the worker, not the command

    # what this worker's gradings share, and the children it starts ahead: its own,
    # made here and dropped at its end (see shared_work)
    work = SharedWork()
    spares = Spares(isolation, child_limits(config))
    try:
        conn.send(Probed(isolation.name, tuple(isolation.warnings())))
        gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
        modules = 0
        while True:
            try:
                job = conn.recv()
            except EOFError:  # the command is gone (killed): no job will come
                return
            if job is None:
                return
            started = time.monotonic()
            conn.send((job.index, grade_one(Path(job.snapshot), config, isolation, work,
                                            spares),
                       time.monotonic() - started))
            if len(sys.modules) != modules:  # new modules, tables worked out once: kept
                modules = len(sys.modules)
                _settle()
    finally:  # here, not at the interpreter's exit: a forked worker ends without one
        spares.close()
        isolation.close()


def grade_one(snapshot: Path, config: Config, isolation: Isolation, work: SharedWork,
              spares: Spares) -> tuple[str, Any]:
    """('graded', the record as data), or ('stopped', why) when grading failed: the
    submission whose snapshot the command wrote in `snapshot`."""
    from autograder.grading import grade_submission
    from autograder.serialise import to_data
    from autograder.submission.snapshot import read

    try:
        return 'graded', to_data(grade_submission(read(snapshot), config, isolation, work,
                                                  spares, names=True))
    except Exception as exc:  # our bug or the machine's; it stays with this student
        return 'stopped', f'the grader failed on it: {type(exc).__name__}: {exc}'


def _settle() -> None:
    """Keep what is there now out of the garbage collector's rounds: modules and the
    tables the checks work out once live as long as the worker, and walking them again
    at every round cost more than a millisecond per submission. Called between jobs,
    when nothing of the last one is held any more."""
    gc.collect()
    gc.freeze()
