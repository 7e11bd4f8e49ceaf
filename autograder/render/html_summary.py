"""The class summary for the teacher: scores, checks, mistakes by behaviour and by
name, who to look at.

It shows every record in full (it is the teacher's page) and the settings the
batch was graded with, so a result can be reproduced.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict
from html import escape
from statistics import median
from urllib.parse import quote

from autograder.diagnosis.mistake_groups import Group, mistakes_by_behaviour
from autograder.exercises import EXERCISES
from autograder.records import Batch, Finding, Graded
from autograder.render.html_page import board_grid, page, points
from autograder.render.svg_chart import bar_chart, score_bins
from autograder.settings.config import EXERCISE_NAMES, Config

FIXED_LIMITS = ('file_kb',)  # not a grader.toml key: the grader's own


def summary_page(batch: Batch, stems: dict[str, str]) -> str:
    title = f'{batch.found.assignment}: class summary'
    sections = [f'<h1>{escape(title)}</h1>', _grader_failed(batch, stems), _overview(batch),
                _distribution(batch),
                _pass_rates(batch), _behaviours(batch, stems), _misconceptions(batch, stems),
                _flagged(batch, stems),
                _students(batch, stems), _settings(batch)]
    return page(title, '\n'.join(s for s in sections if s))


def _overview(batch: Batch) -> str:
    scores = [g.result.points for g in batch.graded]
    full = sum(g.result.points >= g.result.max_points for g in batch.graded)
    middle = f', median {points(round(median(scores), 2))} points' if scores else ''
    return (f'<p class="overview">{len(batch.graded)} students, {full} with full marks, '
            f'{len(_flagged_rows(batch))} flagged{middle}.</p>')


def _grader_failed(batch: Batch, stems: dict[str, str]) -> str:
    """Above everything else: a 0 the grader gave by failing is not a grade, and a
    teacher who misses it would hand it out as one."""
    failed = [g.student.id for g in batch.grader_failed]
    if not failed:
        return ''
    count = f'{len(failed)} student{"s" if len(failed) != 1 else ""}'
    return (f'<p class="grader-error"><strong>The grader failed on {count}</strong>: '
            f'{_links(failed, stems)}. Their 0 is not a grade: the reason is under '
            f'Flagged submissions; grade the class again once it is put right.</p>')


def _distribution(batch: Batch) -> str:
    if not batch.graded:
        return ''
    maximum = max(g.result.max_points for g in batch.graded)
    bins = score_bins([g.result.points for g in batch.graded], maximum)
    chart = bar_chart(bins, 'How many students got each score', 'points')
    return f'<h2>Score distribution</h2>\n<figure id="distribution">{chart}</figure>'


def _pass_rates(batch: Batch) -> str:
    passed: Counter[tuple[str, str]] = Counter()
    ran: Counter[tuple[str, str]] = Counter()
    titles: dict[tuple[str, str], str] = {}
    for graded in batch.graded:
        for exercise in graded.result.exercises:
            for check in exercise.checks:
                key = (exercise.exercise, check.name)
                titles.setdefault(key, check.title)
                if check.status != 'skipped':
                    ran[key] += 1
                    passed[key] += check.status == 'passed'
    rows = []
    for key in sorted(titles, key=lambda k: _order(k[0])):
        title = titles[key]
        rows.append(f'<tr data-check="{escape(key[0])}.{escape(key[1])}">'
                    f'<td>{escape(key[0])}</td><td>{escape(title)}</td>'
                    f'<td class="num">{passed[key]}/{ran[key]}</td>'
                    f'<td class="rate-cell">{_rate(passed[key], ran[key])}</td></tr>')
    return ('<h2>Pass rate per check</h2>\n<p>Out of the students whose check ran; a check '
            'is skipped when the one it needs fails.</p>\n' +
            _table('checks', ['exercise', 'check', 'passed', 'rate'], rows))


def _rate(passed: int, ran: int) -> str:
    if not ran:
        return 'not run'
    share = passed / ran
    return (f'<span class="rate"><span style="width:{share * 100:.0f}%"></span></span> '
            f'{share * 100:.0f}%')


def _behaviours(batch: Batch, stems: dict[str, str]) -> str:
    groups = mistakes_by_behaviour(batch)
    if not groups:
        return ''
    rows = [f'<tr class="{"known" if group.known else "unknown"}" '
            f'data-exercise="{escape(group.exercise)}"><td>{_named(group)}</td>'
            f'<td>{escape(group.exercise)}</td><td>{_example(group.example)}</td>'
            f'<td>{_links(list(group.students), stems)}</td></tr>' for group in groups]
    return ('<h2>Mistakes by behaviour, new ones shared by several students first</h2>\n'
            '<p>Students whose functions give exactly the same answers on every input of '
            f'the exercise ({_domains()}) '
            'form one group, whatever their code looks like. A group the catalogue of '
            'known mistakes does not name is described by where its answers go wrong.'
            '</p>\n' + _table('behaviours', ['mistake', 'exercise', 'example', 'who'], rows))


def _named(group: Group) -> str:
    count = len(group.students)
    new = '' if group.known else ' <em class="new">not in the catalogue</em>'
    return (f'<strong>{count} student{"s" if count != 1 else ""}</strong>: '
            f'{escape(group.name)}{new}')


def _example(finding: Finding | None) -> str:
    if finding is None or finding.call is None:
        return ''
    parts = [f'<div><code>{escape(finding.call)}</code></div>']
    if finding.board:
        turn = f' ({finding.side} to move)' if finding.side else ''
        parts.append(board_grid(''.join(''.join(finding.board).split()), 'the board' + turn))
    if finding.expected is not None:
        parts.append(f'<div>expected <code class="expected">{escape(finding.expected)}</code>'
                     f'</div>')
    if finding.got is not None:
        parts.append(f'<div>got <code class="got">{escape(finding.got)}</code></div>')
    else:
        parts.append(f'<div>{escape(finding.summary)}</div>')
    return ''.join(parts)


def _misconceptions(batch: Batch, stems: dict[str, str]) -> str:
    who: dict[tuple[str, str], list[str]] = {}
    for graded in batch.graded:
        for exercise in graded.result.exercises:
            if exercise.misconception:
                who.setdefault((exercise.exercise, exercise.misconception),
                               []).append(graded.student.id)
    ranked = sorted(who.items(), key=lambda item: (-len(item[1]), _order(item[0][0]),
                                                  item[0][1].lower()))
    rows = [f'<tr><td>{escape(name)}</td><td>{escape(exercise)}</td>'
            f'<td class="num">{len(ids)}</td><td>{_links(ids, stems)}</td></tr>'
            for (exercise, name), ids in ranked]
    if not rows:
        return '<h2>Misconceptions</h2>\n<p>No known mistake was recognised.</p>'
    return ('<h2>Misconceptions, most common first</h2>\n' +
            _table('misconceptions', ['misconception', 'exercise', 'students', 'who'], rows))


def _order(exercise: str) -> int:
    return EXERCISE_NAMES.index(exercise) if exercise in EXERCISE_NAMES else len(EXERCISE_NAMES)


def _flagged_rows(batch: Batch) -> list[Graded]:
    return [g for g in batch.graded if any(e.flags for e in g.result.exercises)]


def _flagged(batch: Batch, stems: dict[str, str]) -> str:
    rows = []
    for graded in _flagged_rows(batch):
        notes = '<br>'.join(f'{escape(e.exercise)}: {escape(f.kind)}: {escape(f.note)}'
                            for e in graded.result.exercises for f in e.flags)
        rows.append(f'<tr><td>{_links([graded.student.id], stems)}</td><td>{notes}</td></tr>')
    stray = ''.join(f'<li>{escape(item)}</li>' for item in batch.found.stray)
    parts = ['<h2>Flagged submissions</h2>']
    parts.append(_table('flagged', ['student', 'why'], rows) if rows else
                 '<p>No submission was flagged.</p>')
    if stray:
        parts.append(f'<p>Found in the class but not graded:</p><ul class="stray">{stray}</ul>')
    return '\n'.join(parts)


def _students(batch: Batch, stems: dict[str, str]) -> str:
    # names come only from an LMS download: for a folder of folders there are none,
    # and an empty column would look like something failed to be read
    named = any(graded.student.name for graded in batch.graded)
    rows = []
    for graded in batch.graded:
        result = graded.result
        by_name = {e.exercise: e for e in result.exercises}
        cells = ''.join(f'<td class="num">{points(by_name[n].points)}</td>'
                        if n in by_name else '<td></td>' for n in EXERCISE_NAMES)
        name = f'<td>{escape(graded.student.name)}</td>' if named else ''
        notes = '<br>'.join(escape(note) for note in _notes(graded))
        rows.append(f'<tr><td>{_links([graded.student.id], stems)}</td>{name}{cells}'
                    f'<td class="num">{points(result.points)}/{points(result.max_points)}</td>'
                    f'<td>{notes}</td></tr>')
    headings = ['student', *(['name'] if named else []), *EXERCISE_NAMES, 'total', 'notes']
    return '<h2>Students</h2>\n' + _table('students', headings, rows)


def _notes(graded: Graded) -> list[str]:
    """What the teacher should know of one student at a glance: the submission's
    notes, each flag, and each exercise that could not be graded and why (a syntax
    error costs all of an exercise's points, and is worth a look)."""
    notes = list(graded.result.notes)
    for exercise in graded.result.exercises:
        notes += [f'{exercise.exercise}: {flag.kind}: {flag.note}' for flag in exercise.flags]
        if exercise.problem and not exercise.flags:
            notes.append(f'{exercise.exercise}: not graded: {exercise.problem}')
    return notes


def _settings(batch: Batch) -> str:
    config = batch.config
    first = batch.graded[0].result if batch.graded else None
    version = escape(first.grader_version) if first else ''
    rows = [('grader version', version), ('settings from', escape(config.source)),
            ('seed', str(config.properties.seed)),
            ('points', escape(', '.join(f'{k} {points(v)}' for k, v in config.points.items()))),
            ('limits', escape(_limits(config))),
            ('examples per property check', str(config.properties.max_examples)),
            ('students see', escape(config.show)), ('isolation', escape(batch.isolation)),
            ('layout', escape(batch.found.layout))]
    body = ''.join(f'<tr><th>{name}</th><td>{value}</td></tr>' for name, value in rows)
    return f'<h2>How this was graded</h2>\n<table class="data" id="settings">{body}</table>'


def _limits(config: Config) -> str:
    """The limits as grader.toml names them, each exercise's own after the shared ones.
    Limits the grader fixes (the size of a file a child may write) are not settings,
    so they are not listed among them."""
    shared = {k: v for k, v in asdict(config.limits).items() if k not in FIXED_LIMITS}
    parts = [', '.join(f'{k} {v:g}' for k, v in shared.items())]
    parts += [f'{exercise}: ' + ', '.join(f'{k} {v:g}' for k, v in own.items())
              for exercise, own in config.exercise_limits.items() if own]
    return '; '.join(parts)


def _table(name: str, headings: list[str], rows: list[str]) -> str:
    head = ''.join(f'<th>{escape(h)}</th>' for h in headings)
    return (f'<table class="data" id="{name}"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def _links(ids: list[str], stems: dict[str, str]) -> str:
    return ', '.join(f'<a href="feedback/{quote(stems[i])}.html">{escape(i)}</a>' for i in ids)


def _domains() -> str:
    """Every exercise's whole domain, in words: what a behaviour is told apart on."""
    return ', '.join(exercise.domain_words for exercise in EXERCISES if exercise.domain_words)
