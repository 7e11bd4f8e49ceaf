"""One student's feedback page: each check, each failing board drawn, the hints.

It renders what it is given: apply `visibility.for_students` first, so a page
never shows more than `grader.toml` lets students see.
"""
from __future__ import annotations

from html import escape

from autograder.records import CheckResult, ExerciseResult, Finding, SubmissionResult
from autograder.render.html_page import board_grid, board_of, page, points

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
    shown: set[str] = set()  # calls whose failure is drawn above
    for check in exercise.checks:
        parts.append(_check(check, shown))
        if check.finding is not None and check.finding.call:
            shown.add(check.finding.call)
    for note in exercise.notes:
        parts.append(f'<p class="note">Note: {escape(note)}</p>')
    for flag in exercise.flags:
        parts.append(f'<p class="flag">Note ({escape(flag.kind)}): {escape(flag.note)}</p>')
    parts.append('</section>')
    return '\n'.join(parts)


def _check(check: CheckResult, shown: set[str]) -> str:
    call = _repeated_call(check, shown)
    if call is not None:
        return _repeat(check, call)
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


def _repeated_call(check: CheckResult, shown: set[str]) -> str | None:
    """The call of a failed check worth no points when its failure is drawn above
    already: a second red box with the same board would read as a second mistake,
    and it costs nothing."""
    if check.status != 'failed' or check.max_points or check.finding is None:
        return None
    call = check.finding.call
    return call if call in shown else None


def _repeat(check: CheckResult, call: str) -> str:
    return '\n'.join([
        f'<div class="check repeat" data-check="{escape(check.name)}">',
        f'<span class="verdict repeat">also</span> {escape(check.title)} '
        f'<small>(no points)</small>',
        f'<p>It goes wrong on the same call as above, <code>{escape(call)}</code>; it '
        f'costs no points of its own.</p>',
        '</div>'])


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
    # squares, as the terminal and the lesson count them: 0 to 8, row by row
    return f' (the first difference is at square {finding.difference})'
