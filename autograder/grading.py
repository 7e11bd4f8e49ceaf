"""Grading one submission: each of its exercise files loaded in a child of its own,
and checked in the parent, one after another."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable, TypeVar

from autograder import __version__
from autograder.calls.outcomes import Died, Raised, TimedOut
from autograder.checking.boards import draw, first_difference, is_board
from autograder.checking.checks import Check
from autograder.checking.failures import Failure, Mismatch
from autograder.checking.probe import Probe
from autograder.diagnosis.explain import Explanation, explain
from autograder.diagnosis.fingerprints import fingerprint
from autograder.diagnosis.lines import line_hints, with_line_hints
from autograder.diagnosis.mistakes import Mistake, diagnose
from autograder.diagnosis.state import changing
from autograder.errors import GraderError
from autograder.exercises import EXERCISES
from autograder.exercises.spec import Exercise
from autograder.kit.paths import game_file
from autograder.records import (RENAMED, CheckResult, ExerciseResult, Finding, Flag, FlagKind,
                                SubmissionResult)
from autograder.sandbox.channel import together
from autograder.sandbox.isolation import Isolation
from autograder.sandbox.limits import Limits
from autograder.sandbox.process import StudentProcess
from autograder.sandbox.replies import Loaded
from autograder.sandbox.spares import Spares
from autograder.settings.config import Config
from autograder.sharing.graded_files import file_key
from autograder.sharing.shared_work import SharedWork
from autograder.submission.gradeable import SYNTAX_ERRORS, hint_of, problem_of
from autograder.submission.locate import Located, Missing, Source, locate
from autograder.submission.snapshot import Snapshot, take

SHOWN_CHARS = 120


def child_limits(config: Config) -> Limits:
    """What every child is started with, whichever exercise's file it will hold (a
    child is started before it is known): each file's own time limits go with its
    requests."""
    return together([config.limits_for(e.name) for e in EXERCISES])


def grade_submission(where: Path | Snapshot, config: Config, isolation: Isolation,
                     work: SharedWork | None = None, spares: Spares | None = None,
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
    spares = spares if spares is not None else Spares(isolation, child_limits(config)) \
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


def _graded(exercise: Exercise, where: Located, config: Config, isolation: Isolation,
            work: SharedWork, batch: bool, spares: Spares | None, more: bool
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


def grade_exercise(exercise: Exercise, located: Located, config: Config,
                   isolation: Isolation, fingerprinted: bool = False,
                   work: SharedWork | None = None, spares: Spares | None = None,
                   another: bool = True) -> ExerciseResult:
    """One exercise, in a child of its own: a new one, or one of `spares` (with
    `another`, the next is started meanwhile). `work` is what its owner lets it reuse
    (see `shared_work`)."""
    if isinstance(located, Missing):
        return _not_graded(exercise, located.reason, None, config,
                           Flag('not found', located.reason), located.hint)
    limits = config.limits_for(exercise.name)
    work = work if work is not None else SharedWork()
    with StudentProcess(limits, isolation, spares, work.wire, another) as process:
        loaded = process.load(located.text, located.filename,
                              {'hexapawn': game_file()}, dict(located.modules), located.cells,
                              located.carried)
        if isinstance(loaded.error, Died) and process.overran:  # it ignored its own clock
            loaded = replace(loaded, error=TimedOut(limits.for_child()['load_seconds']))
        problem = problem_of(exercise, located, loaded)
        if problem:
            return _not_graded(exercise, problem, located.filename, config,
                               _load_flag(loaded, problem), hint_of(loaded),
                               origin=located.origin)
        probe = Probe(process, exercise.name, config.properties, located.place, work)
        statuses = _run(exercise.checks, probe)
        notes_only = {c.name for c in weighted(exercise, config) if _a_note(c)}
        failed = any(isinstance(status, Failure) for name, status in statuses.items()
                     if name not in notes_only)
        # a function that hangs is not explained by a mistake in its answers, and
        # asking the catalogue would wait out the time limit again and again
        mistake = ours('the known-mistake catalogue', exercise.name,
                       lambda: diagnose(exercise.catalogue, probe)
                       if failed and not probe.timed_out else None)
        # answers that change with what was asked before make any pattern in them an
        # accident of the order they were asked in: that is said first, and alone (a
        # known mistake matched on its whole domain, asked in order, leaves no room)
        changes = ours('whether its answers depend on earlier calls', exercise.name,
                       lambda: changing(statuses, probe, fresh_child=exercise.slow is None)
                       if failed and not mistake and not probe.timed_out
                       and not process.gone else None)
        explanation = ours('the description of its wrong answers', exercise.name,
                           lambda: explain(exercise, statuses, probe, changes)
                           if failed and not mistake and not probe.timed_out else None)
        # after the checks, the probe holds most of the domain: the rest is cheap to ask
        behaviour = ours('the fingerprint of its answers', exercise.name,
                         lambda: fingerprint(exercise.name, probe)
                         if fingerprinted and failed and not probe.timed_out
                         and not process.gone else None)
        flags = [flag for flagger in exercise.flaggers
                 if (flag := ours(f'the flag "{flagger.__name__}"', exercise.name,
                                  lambda: flagger(probe)))]
        flags += _trouble_flags(probe)
        notes = renamed_notes(located) + left_out_notes(exercise, located, loaded) + \
            cell_notes(exercise, located, loaded) + \
            slow_notes(exercise, process.slowest_call, limits.call_seconds) + \
            _output_note(probe)
        # where no known mistake says what to change, where to look; last, as it calls
        # the function again: trouble it meets is no one's verdict
        pointers = ours('the line its failures run through', exercise.name,
                        lambda: line_hints(exercise.name, statuses, probe, located.text)
                        if failed and not mistake and not changes and not probe.timed_out
                        and not process.gone else {})
    return replace(with_line_hints(_assemble(exercise, config, statuses, mistake,
                                             tuple(flags), explanation), pointers),
                   origin=located.origin, notes=notes, fingerprint=behaviour)


def weighted(exercise: Exercise, config: Config) -> tuple[Check, ...]:
    """The exercise's checks with the weights grader.toml gives its advisory ones."""
    return tuple(replace(check, weight=config.weights.get(check.name, check.weight))
                 if check.advisory else check for check in exercise.checks)


def _a_note(check: Check) -> bool:
    """An advisory check worth nothing: failing it earns a note, not a failure."""
    return check.advisory and check.weight == 0


def cell_notes(exercise: Exercise, source: Source, loaded: Loaded) -> tuple[str, ...]:
    """A notebook cell that failed while loading, when the function was defined all
    the same: graded, as Jupyter would have run the cells after it."""
    error = loaded.error
    if exercise.name not in loaded.functions:
        return ()
    what = 'a cell' if source.filename.endswith('.ipynb') else 'a statement'
    if isinstance(error, Raised) and error.type_name == 'EOFError':
        where = f' ({source.place(error.line)})' if error.line else ''
        rest = 'the cells after it still ran' if loaded.went_on else \
            'the rest of the file did not run'
        return (f'{source.filename} calls input(){where} while loading, but nobody is there '
                f'to type; {rest}, and {exercise.name} was graded as it was defined above '
                f'it. Take input() out when you hand your work in.',)
    if not loaded.went_on:
        return ()
    if isinstance(error, TimedOut):
        where = f' ({source.place(loaded.stopped_at)})' if loaded.stopped_at else ''
        return (f'{what} of {source.filename}{where} was still running after '
                f'{error.seconds:g} s while loading, and was stopped there; '
                f'{exercise.name} was graded as the cells above had defined it. Is that '
                f'cell an endless loop, or an experiment that takes long?',)
    if not isinstance(error, Raised):
        return ()
    after = 'as in Jupyter, the cells after it' if what == 'a cell' else 'the rest of the file'
    return (f'{what} of {source.filename} {error.describe(source.place)} while loading; '
            f'{after} still ran, so {exercise.name} was graded. Fix that {what[2:]}, or '
            f'take it out.',)


def renamed_notes(source: Source) -> tuple[str, ...]:
    """A file handed in under a name a browser or a computer chose for it."""
    if source.renamed is None:
        return ()
    return (f'{source.renamed} {RENAMED} {source.filename}, the name it stands for: name '
            f'it {source.filename} next time (a browser or a computer may give a file '
            f'such a name as it saves it).',)


def left_out_notes(exercise: Exercise, source: Source, loaded: Loaded
                   ) -> tuple[str, ...]:
    """Definitions carried from other exercises' sections that were left out: what of
    another section runs as it is defined (a decorator, a default value, a class
    body) never costs this exercise, but the student should know it did not run."""
    notes = []
    for left in loaded.left_out:
        if not 0 <= left.place < len(source.cells):
            continue
        where = source.place(source.cells[left.place][0])
        outcome = left.outcome
        if outcome is None:
            what = 'was not run, as the code from other exercises had used up its time'
        elif isinstance(outcome, Raised):
            what = outcome.describe(source.place)
        elif isinstance(outcome, TimedOut):
            what = outcome.describe()
        elif isinstance(outcome, Died):
            what = f'stopped the program ({outcome.describe()})'
        else:
            continue
        notes.append(f'{where[0].upper()}{where[1:]} of {source.filename} belongs to '
                     f'another exercise, and was left out while {exercise.name} was '
                     f'graded: it {what}.')
    return tuple(notes)


def slow_notes(exercise: Exercise, slowest: float | None, limit: float
               ) -> tuple[str, ...]:
    """A right but slow answer costs nothing; the note says how long it took and what
    would make it faster."""
    if exercise.slow is None or slowest is None or slowest < exercise.slow.seconds:
        return ()
    return (f'{exercise.name} took {slowest:.1f} s of computing for one call: slow, but '
            f'that costs nothing (the limit is {limit:g} s). {exercise.slow.tip}',)


# -- running the checks ------------------------------------------------------------

Status = Failure | str  # 'passed', a reason for skipping, or the failure


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


T = TypeVar('T')


def ours(what: str, exercise: str, work: Callable[[], T]) -> T:
    """Run the grader's own code; a bug in it is our error, never the student's failure."""
    try:
        return work()
    except (Failure, GraderError):
        raise
    except Exception as exc:
        raise GraderError(f'{what} of {exercise} crashed: {type(exc).__name__}: {exc}') \
            from exc


def _assemble(exercise: Exercise, config: Config, statuses: dict[str, Status],
              mistake: Mistake | None, flags: tuple[Flag, ...],
              explanation: Explanation | None = None) -> ExerciseResult:
    total = config.points[exercise.name]
    checks = weighted(exercise, config)
    results = [_loads_check(exercise, None, None)]
    for check, worth in zip(checks, shares(total, checks)):
        status = statuses[check.name]
        if status == 'passed':
            results.append(CheckResult(check.name, check.title, 'passed', worth, worth))
        elif isinstance(status, Failure) and _a_note(check):
            results.append(CheckResult(check.name, check.title, 'passed', 0.0, 0.0,
                                       note=f'{status.summary}. {check.nudge}'))
        elif isinstance(status, Failure):
            hint = (explanation and explanation.hint(check.name)) or status.hint or \
                (mistake.hint if mistake else check.nudge)
            results.append(CheckResult(check.name, check.title, 'failed', 0.0, worth,
                                       finding=_finding(status, hint, mistake)))
        else:
            results.append(CheckResult(check.name, check.title, 'skipped', 0.0, worth,
                                       reason=status))
    points = round(sum(r.points for r in results), 2)
    return ExerciseResult(exercise.name, points, float(total), tuple(results),
                          misconception=mistake.name if mistake else None, flags=flags,
                          description=explanation.text if explanation else None)


def shares(total: float, checks: tuple[Check, ...]) -> list[float]:
    """Each check's points, in hundredths, by weight, adding up to exactly `total`
    (the largest remainders get the hundredths that rounding down left over)."""
    weight = sum(check.weight for check in checks) or 1
    exact = [total * 100 * check.weight / weight for check in checks]
    cents = [int(value) for value in exact]
    by_remainder = sorted(range(len(checks)), key=lambda i: exact[i] - cents[i], reverse=True)
    for i in by_remainder[:round(total * 100) - sum(cents)]:
        cents[i] += 1
    return [c / 100 for c in cents]


def _finding(failure: Failure, hint: str, mistake: Mistake | None) -> Finding:
    call = failure.call
    args = call.args if call else ()
    board = tuple(draw(args[0])) if args and is_board(args[0]) else ()
    side = args[1] if len(args) == 2 and args[1] in ('W', 'B') else None
    if isinstance(failure, Mismatch):
        return Finding(failure.summary, str(call), board, side, _shown(failure.expected),
                       _shown(failure.got), first_difference(failure.expected, failure.got),
                       hint, mistake.name if mistake else None)
    return Finding(failure.summary, str(call) if call else None, board, side, hint=hint,
                   misconception=mistake.name if mistake else None)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + '...'


# -- when an exercise cannot be graded ----------------------------------------------

def _load_flag(loaded: Loaded, problem: str) -> Flag | None:
    """What a teacher should look at, of a file that could not be graded: it hung,
    crashed, or does not parse (a file that never ran, whatever its answers)."""
    if isinstance(loaded.error, TimedOut):
        return Flag('timeout', problem)
    if isinstance(loaded.error, Died):
        return Flag('crash', problem)
    if isinstance(loaded.error, Raised) and loaded.error.type_name in SYNTAX_ERRORS:
        return Flag('syntax error', problem)
    return None


def _not_graded(exercise: Exercise, problem: str, filename: str | None, config: Config,
                flag: Flag | None, hint: str | None = None, origin: str | None = None
                ) -> ExerciseResult:
    total = config.points[exercise.name]
    checks = weighted(exercise, config)
    results = [_loads_check(exercise, problem, filename, hint)]
    results += [CheckResult(c.name, c.title, 'skipped', 0.0, worth,
                            reason=f'{exercise.name} could not be graded')
                for c, worth in zip(checks, shares(total, checks))]
    return ExerciseResult(exercise.name, 0.0, float(total), tuple(results), problem=problem,
                          flags=(flag,) if flag else (), origin=origin)


def _loads_check(exercise: Exercise, problem: str | None, filename: str | None,
                 hint: str | None = None) -> CheckResult:
    title = f'{exercise.signature} is there and loads'
    if problem is None:
        return CheckResult('loads', title, 'passed', 0.0, 0.0)
    return CheckResult('loads', title, 'failed', 0.0, 0.0,
                       finding=Finding(problem, hint=hint or _loading_hint(exercise, filename)))


def _loading_hint(exercise: Exercise, filename: str | None) -> str:
    where = filename or exercise.filename
    return (f'Make {where} define {exercise.signature} and run it once yourself to see '
            f'that it loads without errors, then check again.')


def _trouble_flags(probe: Probe) -> list[Flag]:
    flags = []
    if probe.process.gone:
        kind: FlagKind = 'timeout' if probe.process.overran else 'crash'
        flags.append(Flag(kind, f'{probe.function}: {probe.process.gone}'))
    elif probe.timed_out:
        flags.append(Flag('timeout', f'{probe.function} ran past its time limit'))
    return flags


def _output_note(probe: Probe) -> tuple[str, ...]:
    """Printing costs nothing, but a flood of it is cut, and the student is told."""
    dropped = probe.process.output_dropped
    if not dropped:
        return ()
    return (f'{probe.function} printed more than the grader keeps '
            f'({probe.process.limits.output_kb} KiB) while it was graded; the other '
            f'{dropped} characters were dropped. That costs nothing, but a print inside a '
            f'function called thousands of times floods the screen: take it out when you '
            f'are done.',)
