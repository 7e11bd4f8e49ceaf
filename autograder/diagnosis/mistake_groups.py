"""A class's mistakes by what the functions do, not by what the catalogue knows.

Students whose function for an exercise has the same fingerprint (exactly the same
answers on the exercise's whole domain) form one group, named by its diagnosis or,
when no known mistake matches, by the description of where it goes wrong. A mistake
nobody listed but several students made is what a teacher most needs to see, so
those groups come first.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from autograder.checking.boards import pawns
from autograder.records import Batch, ExerciseResult, Finding
from autograder.settings.config import EXERCISE_NAMES


@dataclass(frozen=True)
class Group:
    exercise: str
    name: str  # the diagnosis, else the description, else the check it fails
    known: bool  # the catalogue names it
    students: tuple[str, ...]
    example: Finding | None  # the simplest failing input of one of them


def mistakes_by_behaviour(batch: Batch) -> list[Group]:
    members: dict[tuple[str, str], list[tuple[str, ExerciseResult]]] = {}
    for graded in batch.graded:
        for exercise in graded.result.exercises:
            if exercise.fingerprint:
                members.setdefault((exercise.exercise, exercise.fingerprint), []).append(
                    (graded.student.id, exercise))
    groups = [_group(exercise, found) for (exercise, _), found in members.items()]
    return sorted(groups, key=lambda g: (g.known or len(g.students) < 2, -len(g.students),
                                         _order(g.exercise), g.name.lower()))


def _group(exercise: str, members: list[tuple[str, ExerciseResult]]) -> Group:
    results = [result for _, result in members]
    # the same answers almost always get the same diagnosis; where a catalogue
    # predicate looks past the domain (printing, a second call), the most common wins
    named = Counter(r.misconception for r in results if r.misconception).most_common(1)
    described = Counter(r.description for r in results if r.description).most_common(1)
    failing = [c for r in results for c in r.checks if c.status == 'failed']
    if named:
        name = named[0][0]
    elif described:
        name = described[0][0]
    else:
        name = f'fails "{failing[0].title}"' if failing else 'fails a check'
    return Group(exercise, name, bool(named), tuple(student for student, _ in members),
                 _example([c.finding for c in members[0][1].checks
                           if c.status == 'failed' and c.finding and c.finding.call]))


def _example(findings: list[Finding]) -> Finding | None:
    """The finding with the simplest board (each check shows the simplest input it
    failed on, and a whole-domain check's is simpler than a lesson example's), one
    that says what was expected where two boards are as simple."""
    if not findings:
        return None
    return min(findings, key=lambda f: (pawns(''.join(''.join(f.board).split()))
                                        if f.board else 10, f.got is None))


def _order(exercise: str) -> int:
    return EXERCISE_NAMES.index(exercise) if exercise in EXERCISE_NAMES else len(EXERCISE_NAMES)
