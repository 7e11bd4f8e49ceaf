"""One exercise file, loaded in a child of its own and checked in the parent: its
checks in order (a check that needs another waits for it, and is skipped with a
reason when it fails), then what is worked out after them (see `steps`)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from autograder.calls.outcomes import Died, TimedOut
from autograder.calls.runner import Runner
from autograder.checking.checks import Check
from autograder.checking.failures import Failure
from autograder.checking.probe import Probe
from autograder.diagnosis.lines import with_line_hints
from autograder.errors import ours
from autograder.exercises.spec import Exercise
from autograder.grading.notes import student_notes
from autograder.grading.scoring import a_note, assemble, load_flag, not_graded, weighted
from autograder.grading.steps import Case, Status, after_the_checks
from autograder.kit.paths import game_file
from autograder.records import ExerciseResult, Flag
from autograder.settings.config import Config
from autograder.sharing.shared_work import SharedWork
from autograder.submission.gradeable import hint_of, problem_of
from autograder.submission.locate import Located, Missing


def grade_exercise(exercise: Exercise, located: Located, config: Config,
                   isolation: Runner, fingerprinted: bool = False,
                   work: SharedWork | None = None, spares: Any = None,
                   another: bool = True) -> ExerciseResult:
    """One exercise, in a child of its own that `isolation` runs (the sandbox, or any
    other runner): a new one, or one of `spares` (with
    `another`, the next is started meanwhile). `work` is what its owner lets it reuse
    (see `shared_work`)."""
    if isinstance(located, Missing):
        return not_graded(exercise, located.reason, None, config,
                          Flag('not found', located.reason), located.hint)
    limits = config.limits_for(exercise.name)
    work = work if work is not None else SharedWork()
    with isolation.child(limits, spares, work.wire, another) as process:
        loaded = process.load(located.text, located.filename,
                              {'hexapawn': game_file()}, dict(located.modules), located.cells,
                              located.carried)
        if isinstance(loaded.error, Died) and process.overran:  # it ignored its own clock
            loaded = replace(loaded, error=TimedOut(limits.for_child()['load_seconds']))
        problem = problem_of(exercise, located, loaded)
        if problem:
            return not_graded(exercise, problem, located.filename, config,
                              load_flag(loaded, problem), hint_of(loaded),
                              origin=located.origin)
        probe = Probe(process, exercise.name, config.properties, located.place, work)
        statuses = _run(exercise.checks, probe)
        notes_only = {c.name for c in weighted(exercise, config) if a_note(c)}
        failed = any(isinstance(status, Failure) for name, status in statuses.items()
                     if name not in notes_only)
        found = after_the_checks(Case(exercise, located, probe, statuses, failed,
                                      fingerprinted))
        notes = student_notes(exercise, located, loaded, probe)
    return replace(with_line_hints(assemble(exercise, config, statuses, found),
                                   found.pointers),
                   origin=located.origin, notes=notes, fingerprint=found.fingerprint)


def _run(checks: tuple[Check, ...], probe: Probe) -> dict[str, Status]:
    statuses: dict[str, Status] = {}
    titles = {check.name: check.title for check in checks}
    for check in checks:
        blocking = [n for n in check.needs if statuses.get(n) != 'passed']
        if blocking:
            statuses[check.name] = f'needs "{titles[blocking[0]]}" to pass first'
            continue
        try:
            ours(f'the check "{check.name}"', probe.function, lambda: check.run(probe))
            statuses[check.name] = 'passed'
        except Failure as failure:
            statuses[check.name] = failure.kept()
    return statuses
