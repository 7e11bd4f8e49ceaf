"""Points and findings: how an exercise's checks, and what was found after them,
become its record; and the record of an exercise that could not be graded."""
from __future__ import annotations

from dataclasses import replace

from autograder.calls.outcomes import Died, Loaded, Raised, TimedOut
from autograder.checking.boards import draw, first_difference, is_board
from autograder.checking.checks import Check
from autograder.checking.failures import Failure, Mismatch
from autograder.diagnosis.mistakes import Mistake
from autograder.exercises.spec import Exercise
from autograder.grading.steps import Diagnosis, Status
from autograder.records import CheckResult, ExerciseResult, Finding, Flag
from autograder.settings.config import Config
from autograder.submission.gradeable import SYNTAX_ERRORS

SHOWN_CHARS = 120


def weighted(exercise: Exercise, config: Config) -> tuple[Check, ...]:
    """The exercise's checks with the weights grader.toml gives its advisory ones."""
    return tuple(replace(check, weight=config.weights.get(check.name, check.weight))
                 if check.advisory else check for check in exercise.checks)


def a_note(check: Check) -> bool:
    """An advisory check worth nothing: failing it earns a note, not a failure."""
    return check.advisory and check.weight == 0


def assemble(exercise: Exercise, config: Config, statuses: dict[str, Status],
             found: Diagnosis) -> ExerciseResult:
    """The record of an exercise whose checks ran: each check's points by weight, each
    failure's finding with its hint (what the description says of that call, else the
    check's own, the known mistake's, or the check's nudge)."""
    mistake, explanation = found.mistake, found.explanation
    total = config.points[exercise.name]
    checks = weighted(exercise, config)
    results = [_loads_check(exercise, None, None)]
    for check, worth in zip(checks, shares(total, checks)):
        status = statuses[check.name]
        if status == 'passed':
            results.append(CheckResult(check.name, check.title, 'passed', worth, worth))
        elif isinstance(status, Failure) and a_note(check):
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
                          misconception=mistake.name if mistake else None,
                          flags=tuple(found.flags),
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


def load_flag(loaded: Loaded, problem: str) -> Flag | None:
    """What a teacher should look at, of a file that could not be graded: it hung,
    crashed, or does not parse (a file that never ran, whatever its answers)."""
    if isinstance(loaded.error, TimedOut):
        return Flag('timeout', problem)
    if isinstance(loaded.error, Died):
        return Flag('crash', problem)
    if isinstance(loaded.error, Raised) and loaded.error.type_name in SYNTAX_ERRORS:
        return Flag('syntax error', problem)
    return None


def not_graded(exercise: Exercise, problem: str, filename: str | None, config: Config,
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
