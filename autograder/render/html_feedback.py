"""One student's feedback page: each check, each failing board drawn, the hints.

It renders what it is given: apply `visibility.for_students` first, so a page
never shows more than `grader.toml` lets students see.
"""
from __future__ import annotations

from html import escape

from ..results import CheckResult, ExerciseResult, Finding, SubmissionResult
from .html_page import board_grid, board_of, page, points

LABELS = {'passed': 'passed', 'failed': 'failed', 'skipped': 'skipped'}


def feedback_page(result: SubmissionResult, assignment: str) -> str:
    parts = [f'<h1>{escape(assignment)}: feedback for {escape(result.source)}</h1>',
             f'<p class="total"><strong>{points(result.points)} of '
             f'{points(result.max_points)} points</strong></p>']
    if result.notes:
        items = ''.join(f'<li>{escape(note)}</li>' for note in result.notes)
        parts.append(f'<ul class="notes">{items}</ul>')
    parts += [_exercise(exercise) for exercise in result.exercises]
    parts.append(f'<footer>Graded by hexgrade {escape(result.grader_version)}, seed '
                 f'{result.seed}, isolation: {escape(result.isolation)}.</footer>')
    return page(f'{assignment}: {result.source}', '\n'.join(parts))


def _exercise(exercise: ExerciseResult) -> str:
    parts = [f'<section class="exercise" id="{escape(exercise.exercise)}">',
             f'<h2>{escape(exercise.exercise)}: {points(exercise.points)} of '
             f'{points(exercise.max_points)} points</h2>']
    if exercise.origin:
        parts.append(f'<p class="origin">{escape(exercise.origin[:1].upper())}'
                     f'{escape(exercise.origin[1:])}.</p>')
    parts += [_check(check) for check in exercise.checks]
    for note in exercise.notes:
        parts.append(f'<p class="note">Note: {escape(note)}</p>')
    for flag in exercise.flags:
        parts.append(f'<p class="flag">Note ({escape(flag.kind)}): {escape(flag.note)}</p>')
    parts.append('</section>')
    return '\n'.join(parts)


def _check(check: CheckResult) -> str:
    worth = f' <small>({points(check.max_points)} pt)</small>' if check.max_points else ''
    body = [f'<div class="check {check.status}" data-check="{escape(check.name)}">',
            f'<span class="verdict {check.status}">{LABELS[check.status]}</span> '
            f'{escape(check.title)}{worth}']
    if check.status == 'skipped' and check.reason:
        body.append(f'<p>Skipped: {escape(check.reason)}</p>')
    if check.finding is not None:
        body.append(_finding(check.finding))
    if check.note:
        body.append(f'<p class="note">Note: {escape(check.note)}</p>')
    body.append('</div>')
    return '\n'.join(body)


def _finding(finding: Finding) -> str:
    parts = [f'<p>{escape(finding.summary)}</p>']
    if finding.call and finding.call not in finding.summary:
        parts.append(f'<p>Try it yourself: <code>{escape(finding.call)}</code></p>')
    boards = []
    if finding.board:
        turn = f' ({finding.side} to move)' if finding.side else ''
        boards.append(board_grid(''.join(''.join(finding.board).split()), 'the board' + turn))
    expected, got = board_of(finding.expected), board_of(finding.got)
    if expected:
        boards.append(board_grid(expected, 'expected'))
    if got:
        boards.append(board_grid(got, 'your function gave'))
    if boards:
        parts.append(f'<div class="boards">{"".join(boards)}</div>')
    if finding.expected is not None:
        parts.append(f'<p>Expected <code class="expected">{escape(finding.expected)}</code></p>')
    if finding.got is not None:
        parts.append(f'<p>Got <code class="got">{escape(finding.got)}</code>'
                     f'{_difference(finding)}</p>')
    if finding.hint:
        parts.append(f'<p class="hint">Hint: {escape(finding.hint)}</p>')
    return '\n'.join(parts)


def _difference(finding: Finding) -> str:
    if finding.difference is None:
        return ''
    return f' (the first difference is at index {finding.difference})'
