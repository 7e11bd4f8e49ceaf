"""Results as text for a terminal: summary first, then each check, then the hints;
and a graded class in one line."""
from __future__ import annotations

import os
from typing import IO

from autograder.records import Batch, CheckResult, ExerciseResult, Finding, SubmissionResult
from autograder.render.text import encodable

LABELS = {'passed': 'PASS', 'failed': 'FAIL', 'skipped': 'SKIP'}
COLOURS = {'passed': '32', 'failed': '31', 'skipped': '33'}


def wants_colour(stream: IO[str]) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (no-color.org)."""
    return stream.isatty() and not os.environ.get('NO_COLOR')


def render(result: SubmissionResult, colour: bool = False) -> str:
    lines = [_summary(result), f'  (grader {result.grader_version}, seed {result.seed}, '
                               f'isolation: {result.isolation})']
    for exercise in result.exercises:
        lines.append('')
        lines += _exercise(exercise, colour)
    lines.append('')
    lines.append(_verdict(result))
    return encodable('\n'.join(lines) + '\n')


def summary_line(batch: Batch) -> str:
    total = len(batch.graded)
    full = sum(g.result.points >= g.result.max_points for g in batch.graded)
    flagged = sum(any(e.flags for e in g.result.exercises) for g in batch.graded)
    cached = sum(g.cached for g in batch.graded)
    reused = f'; {cached} unchanged, taken from the cache' if cached else ''
    failed = len(batch.grader_failed)
    ours = f'; the grader failed on {failed}' if failed else ''
    return (f'Graded {total} student{"s" if total != 1 else ""} in {batch.seconds:.1f} s: '
            f'{full} with full marks, {flagged} flagged{reused}{ours}.')


def _summary(result: SubmissionResult) -> str:
    parts = ', '.join(f'{e.exercise} {_points(e.points)}/{_points(e.max_points)}'
                      for e in result.exercises)
    return f'{result.source}: {_points(result.points)}/{_points(result.max_points)} points ' \
           f'({parts})'


def _verdict(result: SubmissionResult) -> str:
    failed = sum(c.status == 'failed' for e in result.exercises for c in e.checks)
    if not failed:
        return 'All checks passed.'
    return f'{failed} check{"s" if failed != 1 else ""} failed: start with the first one above.'


def _exercise(exercise: ExerciseResult, colour: bool) -> list[str]:
    lines = [f'{exercise.exercise}: {_points(exercise.points)}/{_points(exercise.max_points)}']
    if exercise.origin:
        lines.append(f'  {printable(exercise.origin)}')
    for check in exercise.checks:
        lines.append(f'  {_label(check, colour)}  {check.title}{_worth(check)}')
        if check.status == 'skipped' and check.reason:
            lines.append(f'        skipped: {check.reason}')
        if check.finding is not None:
            lines += ['        ' + printable(line) for line in finding_lines(check.finding)]
        if check.note:
            lines.append(f'        note: {printable(check.note)}')
    for note in exercise.notes:
        lines.append(f'  NOTE  {printable(note)}')
    for flag in exercise.flags:
        lines.append(f'  NOTE  {flag.kind}: {printable(flag.note)}')
    return lines


def printable(text: str) -> str:
    """Text that came from student code, with control characters escaped, so that it
    can neither colour nor rewrite the lines around it."""
    return ''.join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def finding_lines(finding: Finding) -> list[str]:
    """A failure as a student reads it: what, the call, the board, expected, got, hint."""
    lines = [finding.summary]
    if finding.call and finding.call not in finding.summary:
        lines.append(finding.call)
    if finding.board:
        turn = f'   ({finding.side} to move)' if finding.side else ''
        lines += ['    ' + row + (turn if i == 0 else '') for i, row in enumerate(finding.board)]
    if finding.expected is not None:
        lines.append(f'expected {finding.expected}')
    if finding.got is not None:
        lines.append(f'got      {finding.got}')
    if finding.difference is not None:
        lines.append(' ' * (10 + finding.difference) + f'^ first difference: square '
                                                       f'{finding.difference}')
    if finding.hint:
        lines.append(f'hint: {finding.hint}')
    return lines


def _label(check: CheckResult, colour: bool) -> str:
    label = LABELS[check.status]
    return f'\033[{COLOURS[check.status]}m{label}\033[0m' if colour else label


def _worth(check: CheckResult) -> str:
    return f'  [{_points(check.max_points)} pt]' if check.max_points else ''


def _points(value: float) -> str:
    return f'{value:g}'
