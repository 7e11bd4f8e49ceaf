"""What grading works out after an exercise's checks, one step after another.

The order is the design: a known mistake first (matched on the whole domain, it
leaves nothing to describe); then whether the answers depend on earlier calls (if
so, any pattern in them is an accident of the order they were asked in, and that is
said alone); then the description of where the function goes wrong; the fingerprint
a class summary groups students by; the flags for the teacher; and last the line to
look at, which calls the function again, traced: trouble it meets there is no one's
verdict, so every step that could flag it has run before.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from autograder.checking.failures import Failure
from autograder.checking.probe import Probe
from autograder.diagnosis.description import Description
from autograder.diagnosis.explain import Explanation, explain
from autograder.diagnosis.fingerprints import fingerprint
from autograder.diagnosis.lines import line_hints
from autograder.diagnosis.mistakes import Mistake, diagnose
from autograder.diagnosis.state import changing
from autograder.errors import ours
from autograder.exercises.spec import Exercise
from autograder.records import Flag, FlagKind
from autograder.submission.locate import Source

Status = Failure | str  # 'passed', a reason for skipping, or the failure


@dataclass(frozen=True)
class Case:
    """What the steps read: the exercise, its graded file and function, how its checks
    came out, and whether a fingerprint is wanted (a batch's class summary)."""

    exercise: Exercise
    source: Source
    probe: Probe
    statuses: Mapping[str, Status]
    failed: bool
    fingerprinted: bool

    @property
    def answering(self) -> bool:
        """Whether asking the function more can tell anything: it neither ran past its
        time (asking again would wait it out again) nor took its child down."""
        return not self.probe.timed_out and not self.probe.process.gone


@dataclass
class Diagnosis:
    """What the steps found, filled in their order."""

    mistake: Mistake | None = None
    changes: Description | None = None
    explanation: Explanation | None = None
    fingerprint: str | None = None
    flags: list[Flag] = field(default_factory=list)
    pointers: dict[str, str] = field(default_factory=dict)


def _known_mistake(case: Case, found: Diagnosis) -> None:
    # a function that hangs is not explained by a mistake in its answers, and asking
    # the catalogue would wait out the time limit again and again
    if case.failed and not case.probe.timed_out:
        found.mistake = diagnose(case.exercise.catalogue, case.probe)


def _kept_state(case: Case, found: Diagnosis) -> None:
    # a function whose calls may take seconds is asked once more, not anew as well
    if case.failed and not found.mistake and case.answering:
        found.changes = changing(case.statuses, case.probe,
                                 fresh_child=case.exercise.slow is None)


def _description(case: Case, found: Diagnosis) -> None:
    if case.failed and not found.mistake and not case.probe.timed_out:
        found.explanation = explain(case.exercise, case.statuses, case.probe, found.changes)


def _fingerprint(case: Case, found: Diagnosis) -> None:
    # after the checks, the probe holds most of the domain: the rest is cheap to ask
    if case.fingerprinted and case.failed and case.answering:
        found.fingerprint = fingerprint(case.exercise, case.probe)


def _flags(case: Case, found: Diagnosis) -> None:
    for flagger in case.exercise.flaggers:
        flag = ours(f'the flag "{flagger.__name__}"', case.exercise.name,
                    lambda: flagger(case.probe))
        if flag:
            found.flags.append(flag)
    process = case.probe.process
    if process.gone:
        kind: FlagKind = 'timeout' if process.overran else 'crash'
        found.flags.append(Flag(kind, f'{case.probe.function}: {process.gone}'))
    elif case.probe.timed_out:
        found.flags.append(Flag('timeout', f'{case.probe.function} ran past its time limit'))


def _line_to_look_at(case: Case, found: Diagnosis) -> None:
    # where no known mistake says what to change, and the answers do not change from
    # call to call
    if case.failed and not found.mistake and not found.changes and case.answering:
        found.pointers = line_hints(case.exercise, case.statuses, case.probe,
                                    case.source.text)


STEPS: tuple[tuple[str, Callable[[Case, Diagnosis], None]], ...] = (
    ('the known-mistake catalogue', _known_mistake),
    ('whether its answers depend on earlier calls', _kept_state),
    ('the description of its wrong answers', _description),
    ('the fingerprint of its answers', _fingerprint),
    ('the flags', _flags),
    ('the line its failures run through', _line_to_look_at),
)


def after_the_checks(case: Case) -> Diagnosis:
    """Every step, in order; a bug in one is the grader's error, never the student's."""
    found = Diagnosis()
    for what, step in STEPS:
        ours(what, case.exercise.name, lambda: step(case, found))
    return found
