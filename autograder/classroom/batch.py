"""Grading a whole class: cached records reused, the rest graded on workers.

Each submission is read once, into a snapshot (see `snapshot`), and graded from that
snapshot alone: its digest is its key, and a worker is handed the snapshot itself (a
file in a folder of the grader's own), never the student's folder to read again. A
submission is graded once per content: two students whose snapshots are the same
share one grading, and a rerun reuses every record whose key still holds.
"""
from __future__ import annotations

import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from autograder.classroom.cache import ResultCache
from autograder.classroom.ungraded import grading_stopped, nothing_to_grade
from autograder.classroom.workers import Job, Started, run_jobs
from autograder.errors import UsageError
from autograder.records import Batch, Found, Graded, Student, SubmissionResult
from autograder.serialise import from_data
from autograder.settings.config import Config
from autograder.submission import snapshot

if TYPE_CHECKING:  # Dask is an extra: it loads only when a batch goes to a cluster
    from autograder.classroom.cluster import Cluster

Progress = Callable[[int, int], None]  # done, total
OnGraded = Callable[[Graded], None]


def grade_class(found: Found, config: Config, isolation: str, workers: int,
                cache: ResultCache | None, reuse: bool = True,
                progress: Progress = lambda done, total: None,
                cluster: Cluster | None = None, ahead: Started | None = None,
                on_graded: OnGraded = lambda graded: None,
                snapshots_in: Path | None = None, regrade: frozenset[str] = frozenset()
                ) -> Batch:
    """Every student's record; `reuse=False` regrades all and refreshes the cache, and
    the students named in `regrade` are graded afresh whatever the cache holds.
    With `cluster`, submissions are graded on its workers instead of `workers` processes;
    workers started `ahead` are used first. `on_graded` is told of each record graded
    in this run as it comes in, the very one the batch will hold. The snapshots the
    workers grade are written in a folder of the grader's own, made in `snapshots_in`
    (which every worker must see: a cluster's) and removed at the end."""
    with tempfile.TemporaryDirectory(prefix='hexgrade-snapshots-', dir=snapshots_in) as kept:
        return _grade_class(found, config, isolation, workers, cache, reuse, progress,
                            cluster, ahead, on_graded, Path(kept), regrade)


def _grade_class(found: Found, config: Config, isolation: str, workers: int,
                 cache: ResultCache | None, reuse: bool, progress: Progress,
                 cluster: Cluster | None, ahead: Started | None, on_graded: OnGraded,
                 folder: Path, regrade: frozenset[str]) -> Batch:
    started = time.monotonic()
    students = found.students
    records: dict[str, Graded] = {}
    keys: dict[str, str] = {}
    spilled: dict[str, Path] = {}  # each content's snapshot, as the worker will read it
    stored: dict[str, SubmissionResult] = {}  # the records the cache holds already
    held: dict[str, str] = {}  # what each student's snapshot holds, for the teacher
    for student in students:
        if student.path is None:
            records[student.id] = _graded(student, nothing_to_grade(
                student.id, student.problem or 'nothing was handed in', config, isolation),
                0.0, False)
            continue
        read = _snapshot(student.path)
        if isinstance(read, str):  # gone since it was found: for the teacher to look at
            records[student.id] = _graded(student, grading_stopped(
                student.id, read, config, isolation), 0.0, False)
            continue
        held[student.id] = _what_was_there(read)
        digest = snapshot.digest(read)
        keys[student.id] = key = cache.key(digest) if cache else digest
        if key in spilled:
            continue
        if student.id not in regrade:
            known = stored.get(key) or (cache.get(key) if cache and reuse else None)
            if known is not None:
                stored[key] = known
                continue
        stored.pop(key, None)  # a student named to regrade: their whole group is regraded
        spilled[key] = folder / f'{len(spilled)}.snapshot'  # only what will be graded
        snapshot.write(read, spilled[key])
    by_key: dict[str, list[Student]] = {}
    for student in students:
        if student.id in keys:
            by_key.setdefault(keys[student.id], []).append(student)
    todo = [key for key in by_key if key not in stored]
    done = [len(students) - sum(len(by_key[k]) for k in todo)]
    progress(done[0], len(students))

    def report(index: int, reply: tuple[str, Any], seconds: float) -> None:
        key = todo[index]
        first = by_key[key][0]
        if reply[0] == 'graded':
            result = from_data(reply[1])  # checked: only a record is kept
            if cache:
                cache.put(key, {**reply[1], 'source': ''})
        else:
            result = grading_stopped(first.id, reply[1], config, isolation)
        for student in by_key[key]:
            records[student.id] = _graded(student, result, seconds, False,
                                          held.get(student.id))
            on_graded(records[student.id])
        done[0] += len(by_key[key])
        progress(done[0], len(students))

    jobs = [Job(i, str(spilled[key])) for i, key in enumerate(todo)]
    if cluster is None:
        run_jobs(jobs, workers, config, report, ahead=ahead)
    else:
        from autograder.classroom.cluster import run_jobs_on_cluster
        run_jobs_on_cluster(jobs, cluster, config, report)
    for key, record in stored.items():
        for student in by_key[key]:
            records[student.id] = _graded(student, record, 0.0, True, held.get(student.id))
    graded = tuple(records[student.id] for student in students)
    return Batch(found, graded, config, isolation, time.monotonic() - started)


def _snapshot(path: Path) -> snapshot.Snapshot | str:
    """The submission read once, or why it cannot be (it went since it was found)."""
    try:
        return snapshot.take(path)
    except UsageError as error:
        return f'the grader failed on it: UsageError: {error}'


SHOWN_ENTRIES = 8  # of a submission's top level, named in a note


def _what_was_there(read: snapshot.Snapshot) -> str:
    """What a submission held, in a note for the teacher when a file was not found in
    it: the names of its top level."""
    names = [name + ('/' if kind == 'folder' else '') for name, kind in read.entries]
    if not names:
        return 'it held nothing'
    more = f' and {len(names) - SHOWN_ENTRIES} more' if len(names) > SHOWN_ENTRIES else ''
    return f'it held {", ".join(names[:SHOWN_ENTRIES])}{more}'


def _graded(student: Student, result: SubmissionResult, seconds: float,
            cached: bool, held: str | None = None) -> Graded:
    missing = any(flag.kind == 'not found' for e in result.exercises for flag in e.flags)
    notes = result.notes + student.notes + (('handed in late',) if student.late else ()) + \
        ((held,) if held and missing else ())
    return Graded(student, replace(result, source=student.id, notes=notes), seconds, cached)
