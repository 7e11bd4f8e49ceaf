"""A submission's files, each graded in a child of its own: started ahead while the
file before it is graded, and, in a batch, graded once for every student who hands
in the very same file (see `sharing.graded_files`)."""
from __future__ import annotations

from pathlib import Path

from autograder import __version__
from autograder.calls.limits import Limits, together
from autograder.calls.runner import Ahead, Runner
from autograder.exercises import EXERCISES
from autograder.exercises.spec import Exercise
from autograder.grading.exercise import grade_exercise
from autograder.records import ExerciseResult, SubmissionResult
from autograder.settings.config import Config
from autograder.sharing.graded_files import file_key
from autograder.sharing.shared_work import SharedWork
from autograder.submission.locate import Located, Source, locate
from autograder.submission.snapshot import Snapshot, take


def child_limits(config: Config) -> Limits:
    """What every child is started with, whichever exercise's file it will hold (a
    child is started before it is known): each file's own time limits go with its
    requests."""
    return together([config.limits_for(e.name) for e in EXERCISES])


def grade_submission(where: Path | Snapshot, config: Config, isolation: Runner,
                     work: SharedWork | None = None, spares: Ahead | None = None,
                     names: bool = False) -> SubmissionResult:
    """Grade whatever a submission holds (a path, read now, or the snapshot read of it
    before: see `snapshot`), one exercise after another, each file in a child of its
    own. A batch worker gives its own `work` (what it may reuse between students:
    see `shared_work`) and `spares` (children started ahead, for the next files);
    then a file that several students hand in, such as an untouched stub, is graded
    once, and each failing exercise gets the fingerprint a class summary groups
    students by (a student's own check does not pay for asking the whole domain). With
    `names`, a file saved under a name a browser chose is graded as the one it stands
    for (see `locate`): a teacher's grading, where `hexgrade check` says to rename it."""
    snapshot = where if isinstance(where, Snapshot) else take(where)
    located = locate(snapshot, tuple(e.name for e in EXERCISES), names)
    batch = work is not None
    work = work if work is not None else SharedWork()
    running = [e for e in EXERCISES if isinstance(located[e.name], Source)]
    own = spares is None
    spares = spares if spares is not None else isolation.ahead(child_limits(config)) \
        if len(running) > 1 else None
    try:
        results = []
        for exercise in EXERCISES:
            # a child started ahead for the next file to run; a batch's for the next
            # submission's too
            more = not own or (exercise in running and running.index(exercise) <
                               len(running) - 1)
            results.append(_graded(exercise, located[exercise.name], config, isolation,
                                   work, batch, spares, more))
    finally:
        if own and spares is not None:
            spares.close()
    return SubmissionResult(snapshot.path, tuple(results), __version__,
                            config.properties.seed, isolation.name)


def _graded(exercise: Exercise, where: Located, config: Config, isolation: Runner,
            work: SharedWork, batch: bool, spares: Ahead | None, more: bool
            ) -> ExerciseResult:
    """One exercise; in a batch, the record of the same file graded before (for
    another student) where there is one (see `graded_files`)."""
    if not batch or not isinstance(where, Source):
        return grade_exercise(exercise, where, config, isolation, fingerprinted=batch,
                              work=work, spares=spares, another=more)
    key = file_key(exercise.name, where, config, isolation.name)
    known = work.files.get(key)
    if known is not None:
        return known
    return work.files.put(key, grade_exercise(exercise, where, config, isolation,
                                              fingerprinted=True, work=work,
                                              spares=spares, another=more))
