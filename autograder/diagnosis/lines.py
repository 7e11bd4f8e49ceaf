"""Pointing at the line of the student's function most tied to its wrong answers.

The child runs the function again on a few inputs where it goes wrong and a few
where it is right, and reports which lines of the student's file each ran. A line
that runs on every failing input and on few of the right ones (Ochiai's measure of
suspiciousness, from spectrum-based fault localisation) is named in the failing
checks' hints, but only when it stands out: one block of lines, ahead of every
other, run on all the failing inputs and on at most a quarter of the right ones.
Otherwise nothing is said about lines: a wrong pointer is worse than none.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from math import sqrt
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from autograder.calls.outcomes import Returned
from autograder.checking.failures import Failure
from autograder.checking.probe import Args, Probe
from autograder.diagnosis.made_at import made_at
from autograder.records import ExerciseResult

if TYPE_CHECKING:  # the exercises carry the diagnosis; it never imports them
    from autograder.exercises.spec import Exercise, Traced

FAILING = 20  # inputs traced where the function goes wrong, at most
PASSING = 30  # and where it is right: tracing slows each call down several times
FEWEST_PASSING = 5  # fewer right answers than this say too little about any line
MOST_SHARE = 0.25  # of the right answers that may run the line named




@dataclass(frozen=True)
class Suspect:
    line: int
    failing: int  # failing inputs traced: the line ran on all of them
    passing: int  # right inputs traced
    ran_right: int  # of which the line ran on this many


def line_hints(exercise: Exercise, statuses: Mapping[str, object], probe: Probe,
               source: str | None = None) -> dict[str, str]:
    """For each failed check whose failing input is among those traced, the sentence
    that names the line; empty when no line stands out. With the loaded `source`, a
    line that only returns a name gives way to the line that made its value."""
    domain = exercise.traced
    if domain is None:
        return {}
    inputs = list(domain.inputs())
    outcomes = probe.outcomes(inputs)
    answered = [_is(outcome, want)
                for outcome, want in zip(outcomes, _wants(domain), strict=True)]
    wrong = [args for args, ok in zip(inputs, answered) if not ok]
    right = [args for args, ok in zip(inputs, answered) if ok]
    if not wrong or len(right) < FEWEST_PASSING:
        return {}
    # the inputs the failed checks show go first: the hint speaks of them
    shown = {name: status.call.args for name, status in statuses.items()
             if isinstance(status, Failure) and status.call
             and status.call.function == probe.function and domain.fits(status.call.args)}
    also = [args for args in dict.fromkeys(shown.values())
            if not _right(domain, args, probe.outcomes([args])[0])]
    failing = list(dict.fromkeys(also + _spread(wrong, FAILING)))[:FAILING]
    passing = _spread(right, PASSING)
    ran = probe.process.lines(probe.function, failing + passing)
    if len(ran) < len(failing) + len(passing):  # a call ran out of time: too little known
        return {}
    suspect = suspect_line(ran[:len(failing)], ran[len(failing):])
    if suspect is None:
        return {}
    if source is not None:
        at = made_at(source, suspect.line, ran[:len(failing)], ran[len(failing):], MOST_SHARE)
        if at is None:  # returned from a name whose wrong value no one line made
            return {}
        suspect = replace(suspect, line=at,
                          ran_right=sum(at in run for run in ran[len(failing):]))
    # counted in the domain alone, as the description counts: the line also ran on
    # each failing input shown that lies outside it, such as a lesson's example
    known = set(wrong)
    sentence = _sentence(replace(suspect, failing=sum(a in known for a in failing)), probe,
                         domain.noun)
    return {name: sentence for name, args in shown.items() if args in failing}


def suspect_line(failing: Sequence[frozenset[int]], passing: Sequence[frozenset[int]]
                 ) -> Suspect | None:
    """The line most tied to the failing runs, when it stands out clearly; None else.
    Lines run on exactly the same inputs are one block: the first of them is named."""
    if not failing or len(passing) < FEWEST_PASSING:
        return None
    runs = list(failing) + list(passing)
    spectra: dict[frozenset[int], list[int]] = {}  # the inputs a line ran on -> its lines
    for line in sorted(set().union(*runs)):
        spectra.setdefault(frozenset(i for i, run in enumerate(runs) if line in run),
                           []).append(line)
    ranked = sorted(((_ochiai(spectrum, len(failing)), spectrum) for spectrum in spectra),
                    key=lambda pair: pair[0], reverse=True)
    if not ranked:  # no line ran at all: a child that said so (its reply is its own)
        return None
    best, spectrum = ranked[0]
    ran_failing = sum(1 for i in spectrum if i < len(failing))
    ran_right = len(spectrum) - ran_failing
    if ran_failing < len(failing) or ran_right > MOST_SHARE * len(passing):
        return None
    if len(ranked) > 1 and ranked[1][0] >= best:  # two blocks as tied: neither stands out
        return None
    return Suspect(min(spectra[spectrum]), len(failing), len(passing), ran_right)


def with_line_hints(result: ExerciseResult, hints: Mapping[str, str]) -> ExerciseResult:
    """The result with each named check's hint followed by its sentence about a line."""
    if not hints:
        return result
    checks = tuple(replace(check, finding=replace(check.finding,
                                                  hint=f'{check.finding.hint} {hints[check.name]}'
                                                  .strip()))
                   if check.status == 'failed' and check.finding and check.name in hints
                   else check for check in result.checks)
    return replace(result, checks=checks)


def _ochiai(spectrum: frozenset[int], failing: int) -> float:
    ran_failing = sum(1 for i in spectrum if i < failing)
    return ran_failing / sqrt(failing * len(spectrum)) if spectrum else 0.0


def _right(domain: Traced, args: Args, outcome: object) -> bool:
    return _is(outcome, domain.right(*args))


def _is(outcome: object, want: Any) -> bool:
    return isinstance(outcome, Returned) and type(outcome.value) is type(want) and \
        outcome.value == want


@lru_cache(maxsize=None)
def _wants(domain: Traced) -> tuple[Any, ...]:
    """The right answer to each input of the domain, worked out once: every function
    pointed at is compared with them (some 400 boards for mirror)."""
    return tuple(domain.right(*args) for args in domain.inputs())


def _spread(items: list[Args], count: int) -> list[Args]:
    """`count` of the items, evenly spaced from the simplest to the most complex."""
    if len(items) <= count:
        return list(items)
    return [items[i * len(items) // count] for i in range(count)]


def _sentence(suspect: Suspect, probe: Probe, noun: str) -> str:
    place = probe.place(suspect.line) if probe.place else f'line {suspect.line}'
    every = f'the one {noun}' if suspect.failing == 1 else f'every {noun}'
    seldom = 'never' if not suspect.ran_right else 'seldom'
    return (f'Look at {place}: it runs on {every} tried where {probe.function} goes '
            f'wrong, and {seldom} where it is right.')
