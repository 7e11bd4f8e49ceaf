"""`hexgrade grade` run end to end, as a teacher runs it."""
from __future__ import annotations

import csv
import html
import json
import re
import shutil
import zipfile
from collections.abc import Mapping
from functools import partial
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from autograder import sandbox
from autograder.classroom import batch as batch_module, workers
from autograder.cli import main
from autograder.errors import GraderError
from autograder.settings.config import Config

from class_records import PIECES, fast_config, right_pieces, roster_entry, snapshot, write_class
from every_exercise import NAMES, POINTS, TOTAL, full_marks, scores

# each student hands in every exercise of the registry, but dee who hands in nothing
ROSTER = '\n'.join([
    roster_entry('ada', right_pieces(mirror='correct_slicing', winner='correct_loops',
                                     count_boxes='correct_bfs')),
    roster_entry('bob', right_pieces(mirror='whole_string_reversed', winner='correct_sets',
                                     count_boxes='correct_stack')),
    roster_entry('cy', right_pieces(mirror='correct_join', winner='correct_dicts',
                                    count_boxes='correct_dicts'),
                 'damage = { count_boxes = "endless loop" }'),
    roster_entry('dee', {})])
# the columns of grades.csv a row's marks are read from, and the points in them
MARKS = ('name', *NAMES, 'total', 'max', 'flags')
SUMMARY = re.compile(r'Graded (\d+) students? in \d+\.\d s: (\d+) with full marks, (\d+) '
                     r'flagged(?:; (\d+) unchanged, taken from the cache)?\.')


def grade(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(['grade', *argv])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def grades(out: Path) -> dict[str, dict[str, str]]:
    """grades.csv's rows by student, in the file's order."""
    with open(out / 'grades.csv', newline='', encoding='utf-8') as file:
        return {row['student']: row for row in csv.DictReader(file)}


def marks(row: Mapping[str, str]) -> list[str]:
    """A row's name, points for every exercise, total, max and flags."""
    return [row[column] for column in MARKS]


def written(got: Mapping[str, float], flags: str = '', name: str = '') -> list[str]:
    """The marks grades.csv writes for the points `got` for every exercise."""
    return [name, *(f'{got[exercise]:g}' for exercise in NAMES), f'{sum(got.values()):g}',
            f'{TOTAL:g}', flags]


def test_a_class_is_graded_into_gradebooks_and_pages_and_regraded_from_the_cache(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config, _ = fast_config(tmp_path)
    klass, out = write_class(tmp_path, ROSTER), tmp_path / 'out'
    code, lines, err = grade(capsys, str(klass), '--out', str(out), '--config', str(config),
                             '-j', '2')
    assert code == 0 and len(lines) == 2
    match = SUMMARY.fullmatch(lines[0])
    assert match and match.groups() == ('4', '1', '2', None)
    assert lines[1] == f'Class summary: {out}/summary.html'
    assert '\r' not in err  # no progress bar when stderr is not a terminal
    assert (out / 'grades.csv').read_text().splitlines()[0] == ','.join(
        ['student', 'name', *NAMES, 'total', 'max', 'flags', 'isolation', 'notes'])
    rows = grades(out)
    assert list(rows) == ['ada', 'bob', 'cy', 'dee']
    assert marks(rows['ada']) == written(full_marks())
    assert marks(rows['bob']) == written(full_marks(mirror=0))
    assert marks(rows['cy']) == written(full_marks(count_boxes=0), 'timeout')
    assert marks(rows['dee']) == written(scores(), 'not found')
    bob_total = sum(full_marks(mirror=0).values())
    assert (out / 'grades-nbgrader.csv').read_text().splitlines()[2] == \
        f'hexapawn,,,bob,,,,{float(bob_total)},0.0,{float(bob_total)},{float(TOTAL)}'
    bob = json.loads((out / 'results' / 'bob.json').read_text())
    assert bob['score'] == bob_total
    assert {t['extra_data'].get('misconception') for t in bob['tests']} >= \
        {'whole string reversed'}
    assert 'did not finish loading within 2 s' in (out / 'feedback' / 'cy.html').read_text()
    before = snapshot(out)

    code, lines, _ = grade(capsys, str(klass), '--out', str(out), '--config', str(config))
    match = SUMMARY.fullmatch(lines[0])
    assert code == 0 and match and match.group(4) == '4'
    assert snapshot(out) == before  # byte for byte

    (klass / 'bob' / 'mirror.py').write_text('def mirror(board):\n'
                                             '    return board[2::-1] + board[5:2:-1] + '
                                             'board[8:5:-1]\n')
    code, lines, _ = grade(capsys, str(klass), '--out', str(out), '--config', str(config))
    match = SUMMARY.fullmatch(lines[0])
    assert match and match.groups() == ('4', '2', '2', '3')
    after = snapshot(out)
    changed = sorted(name for name in after if after[name] != before.get(name))
    assert changed == ['.records/bob.json', 'feedback/bob.html', 'grades-nbgrader.csv',
                       'grades.csv', 'results/bob.json', 'summary.html']

    code, lines, _ = grade(capsys, str(klass), '--out', str(out), '--config', str(config),
                           '--no-cache')
    match = SUMMARY.fullmatch(lines[0])
    assert match and match.group(4) is None
    assert snapshot(out) == after


def test_with_no_class_the_sample_class_is_graded(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    config, _ = fast_config(tmp_path)
    # giulia's count_boxes is right but slow: count_boxes keeps limits that let it pass
    config.write_text(config.read_text(encoding='utf-8') + '\n[limits.count_boxes]\n'
                      'call_seconds = 10\nload_seconds = 6\nfile_seconds = 120\n',
                      encoding='utf-8')
    out = tmp_path / 'out'
    code, lines, _ = grade(capsys, '--out', str(out), '--config', str(config))
    assert code == 0
    match = SUMMARY.fullmatch(lines[0])
    assert match and match.group(1) == '34' and lines[1] == f'Class summary: {out}/summary.html'
    rows = grades(out)
    full = written(full_marks())
    assert marks(rows['bashir'])[:-2] == full[:-2]  # the notebook
    assert marks(rows['fatima'])[:-2] == full[:-2]  # one file for everything
    # the lesson's own layout, two mirrors and all; slow, and printing as it goes
    assert marks(rows['giulia']) == full
    assert marks(rows['hugo']) == full
    giulia = html.unescape((out / 'feedback' / 'giulia.html').read_text())
    assert 'count_boxes took ' in giulia
    assert 'Graded from cells 9-10 of exercises.ipynb' in giulia
    assert rows['eliska']['count_boxes'] == '0' and rows['eliska']['flags'] == 'timeout'
    assert rows['aiko']['total'] == '0'
    assert marks(rows['zara'])[:-2] == written(scores(mirror=POINTS['mirror']))[:-2]
    carmen = (out / 'feedback' / 'carmen.html').read_text()
    assert 'did you mean to name mirorr.py mirror.py?' in carmen
    assert 'winner.py has a syntax error on line' in (out / 'feedback' / 'dmitri.html'
                                                       ).read_text()
    summary = (out / 'summary.html').read_text()
    assert 'whole string reversed' in summary and 'feedback/ximena.html' in summary


def test_a_canvas_zip_is_graded_with_names_late_hand_ins_and_rejected_entries(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config, _ = fast_config(tmp_path)
    right = 'def mirror(board):\n    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n'
    download = tmp_path / 'submissions.zip'
    with zipfile.ZipFile(download, 'w') as archive:
        archive.writestr('doejane_1001_5001_mirror.py', right)
        archive.writestr('smithjo_late_1002_5002_mirror-1.py', right)
        archive.writestr('../smithjo_1002_5003_winner.py', 'import os\n')
    code, lines, _ = grade(capsys, str(download), '--out', str(tmp_path / 'out'),
                           '--config', str(config))
    assert code == 0 and SUMMARY.fullmatch(lines[0])
    rows = grades(tmp_path / 'out')
    only_mirror = scores(mirror=POINTS['mirror'])
    assert [marks(row)[:-2] for row in rows.values()] == [
        written(only_mirror, name='doejane')[:-2], written(only_mirror, name='smithjo')[:-2]]
    assert list(rows) == ['1001', '1002']
    assert rows['1002']['notes'] == (
        'mirror-1.py was graded as mirror.py (Canvas renames resubmitted files); '
        '../smithjo_1002_5003_winner.py was left out: its path climbs out of the class folder '
        'with ..; handed in late; it held mirror.py; winner not found: there is no '
        'winner.py here; count_boxes not found: there is no count_boxes.py here')
    assert not (tmp_path / 'smithjo_1002_5003_winner.py').exists()


def test_an_nbgrader_course_is_graded_from_its_submitted_tree(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    course = tmp_path / 'course'
    assert main(['nbgrader', str(course)]) == 0
    handed_in = course / 'submitted' / 'ada' / 'hexapawn'
    handed_in.mkdir(parents=True)
    shutil.copy(course / 'source' / 'hexapawn' / 'hexapawn.ipynb', handed_in)
    (handed_in / 'timestamp.txt').write_text('2026-11-30 08:00:00 UTC')
    (course / 'submitted' / 'bob').mkdir()
    capsys.readouterr()
    code, lines, _ = grade(capsys, str(course), '--out', str(tmp_path / 'out'))
    assert code == 0 and SUMMARY.fullmatch(lines[0])
    full = float(TOTAL)  # the course's notebook holds the model answers
    assert (tmp_path / 'out' / 'grades-nbgrader.csv').read_text().splitlines()[1:] == [
        f'hexapawn,,2026-11-30 08:00:00 UTC,ada,,,,{full},0.0,{full},{full}',
        f'hexapawn,,,bob,,,,0.0,0.0,0.0,{full}']


@pytest.mark.parametrize('argv, message', [
    (['-j', '0'], 'error: -j 0: at least one submission must be graded at a time'),
    (['--out', '{file}'], 'error: {file}: is a file; --out needs a folder for the results'),
    (['--out', '{klass}/out'], 'error: {klass}/out: is inside {klass}, so it would be graded '
                               'as a student'),
    (['--layout', 'canvas'], 'error: {klass}: the canvas layout needs the zip file the LMS '
                             'gave you'),
    (['--config', '{klass}/nope.toml'], 'error: {klass}/nope.toml: no such file'),
])
def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             argv: list[str], message: str) -> None:
    klass = tmp_path / 'class'
    (klass / 'ada').mkdir(parents=True)
    (tmp_path / 'file').write_text('')
    names = {'file': str(tmp_path / 'file'), 'klass': str(klass)}
    argv = [a.format(**names) for a in argv]
    if '--out' not in argv:
        argv += ['--out', str(tmp_path / 'out')]
    code, _, err = grade(capsys, str(klass), *argv)
    assert code == 2
    assert message.format(**names) in err.splitlines()


def test_an_empty_class_is_a_usage_error(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / 'class').mkdir()
    code, _, err = grade(capsys, str(tmp_path / 'class'), '--out', str(tmp_path / 'out'))
    assert code == 2
    assert f'error: {tmp_path}/class: no submissions found in it' in err.splitlines()


@pytest.mark.parametrize('argv, message', [
    (['{tmp}/nowhere'], 'error: {tmp}/nowhere: no such file or folder\n'
                        'tip: give the folder of submissions, or the zip from your LMS\n'),
    (['--to-gradebook', '{tmp}/no-course'],
     'error: {tmp}/no-course: no such folder\n'
     'tip: give the folder of a course written by `hexgrade nbgrader`\n'),
])
def test_a_missing_path_is_a_usage_error_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        argv: list[str], message: str) -> None:
    probed: list[bool] = []
    monkeypatch.setattr(sandbox, 'probe', lambda: probed.append(True))
    argv = [a.format(tmp=tmp_path) for a in argv]
    code, out, err = grade(capsys, *argv, '--out', str(tmp_path / 'out'))
    assert (code, out, err) == (2, [], message.format(tmp=tmp_path))
    assert probed == []  # no sandbox was started
    assert not (tmp_path / 'out').exists()


CHECK_CRASHED = 'the check "returns_board" of mirror crashed: ZeroDivisionError: division by zero'
TWO_RIGHT = '\n'.join([
    roster_entry('ada', right_pieces(mirror='correct_slicing', winner='correct_loops',
                                     count_boxes='correct_bfs')),
    roster_entry('bob', right_pieces(mirror='correct_join', winner='correct_sets',
                                     count_boxes='correct_stack'))])


def _serve_failing_on_bob(conn: Connection, config: Config) -> None:
    """A real worker whose grading fails, as a bug of ours would, on bob's submission."""
    from autograder import grading

    real = grading.grade_submission

    def failing(path: Path, *args: object, **kwargs: object) -> object:
        if path.name == 'bob':
            raise GraderError(CHECK_CRASHED)
        return real(path, *args, **kwargs)  # type: ignore[arg-type]
    grading.grade_submission = failing  # type: ignore[assignment]
    workers._serve(conn, config)


def test_a_grader_error_is_flagged_as_ours_shown_to_the_teacher_and_exits_3(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_module, 'run_jobs',
                        partial(workers.run_jobs, serve=_serve_failing_on_bob))
    config, _ = fast_config(tmp_path)
    klass, out = write_class(tmp_path, TWO_RIGHT), tmp_path / 'out'
    code, lines, err = grade(capsys, str(klass), '--out', str(out), '--config', str(config))
    assert code == 3  # not 2: nothing was wrong with the command line
    assert re.fullmatch(r'Graded 2 students in \d+\.\d s: 1 with full marks, 1 flagged; '
                        r'the grader failed on 1\.', lines[0])
    assert err.splitlines()[-2:] == [
        'error: the grader failed on bob, so their 0 is not a grade',
        'tip: the class summary says why, under Flagged submissions; grade the class again '
        'once that is put right']
    rows = grades(out)
    assert list(rows) == ['ada', 'bob']
    assert marks(rows['ada']) == written(full_marks())
    assert marks(rows['bob']) == written(scores(), 'grader error')
    summary = html.unescape((out / 'summary.html').read_text(encoding='utf-8'))
    assert ('<p class="grader-error"><strong>The grader failed on 1 student</strong>: '
            '<a href="feedback/bob.html">bob</a>. Their 0 is not a grade') in summary
    assert f'mirror: grader error: the grader failed on it: GraderError: {CHECK_CRASHED}' \
        in summary
    feedback = (out / 'feedback' / 'bob.html').read_text(encoding='utf-8')
    assert 'This went wrong on the grading side, not in your code' in feedback


SURROGATE_MIRROR = 'def mirror(board):\n    raise ValueError("bad \\udc80 text")\n'
SURROGATE_WINNER = 'def winner(board, side):\n    return "\\udc80"\n'


def test_text_no_encoding_can_write_never_stops_the_pages(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config, _ = fast_config(tmp_path)
    klass, out = tmp_path / 'class', tmp_path / 'out'
    for student, files in (('ada', {'mirror.py': (PIECES / 'mirror' / 'correct_slicing.py'
                                                  ).read_text()}),
                           ('eve', {'mirror.py': SURROGATE_MIRROR,
                                    'winner.py': SURROGATE_WINNER}),
                           ('=1+1', {}), ('zo\udcff', {})):  # a folder named in Latin-1
        (klass / student).mkdir(parents=True)
        for name, text in files.items():
            (klass / student / name).write_text(text)
    for run in ('first', 'from the cache'):
        code, lines, _ = grade(capsys, str(klass), '--out', str(out), '--config', str(config))
        match = SUMMARY.fullmatch(lines[0])
        assert code == 0 and match, run
        assert match.group(4) == (None if run == 'first' else '4')
        eve = (out / 'feedback' / 'eve.html').read_text(encoding='utf-8')
        assert 'bad \\udc80 text' in eve and '\\udc80' in eve.split('bad', 1)[1].split(
            'winner', 1)[1]
        assert (out / 'feedback' / 'ada.html').is_file()
        assert '<a href="feedback/zo.html">zo\\udcff</a>' in (out / 'summary.html'
                                                               ).read_text(encoding='utf-8')
        rows = grades(out)
        assert list(rows) == ["'=1+1", 'ada', 'eve', 'zo\\udcff']
        nothing = written(scores())[:-2]
        assert [marks(row)[:-2] for row in rows.values()] == [
            nothing, written(scores(mirror=POINTS['mirror']))[:-2], nothing, nothing]
        for page in out.rglob('*.html'):
            page.unlink()  # the rerun writes them again, from the cache


def test_workers_start_ahead_only_when_every_submission_will_be_graded(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the probe when nothing can come from the cache (a first run, or
    --no-cache); otherwise once it is known how many submissions need grading."""
    ahead: list[int] = []

    class Counted(workers.Started):
        def __init__(self, count: int, config: Config) -> None:
            ahead.append(count)
            super().__init__(count, config)
    monkeypatch.setattr(workers, 'Started', Counted)
    config, _ = fast_config(tmp_path)
    klass, out = write_class(tmp_path, TWO_RIGHT), tmp_path / 'out'
    argv = [str(klass), '--out', str(out), '--config', str(config), '-j', '3']
    assert grade(capsys, *argv)[0] == 0
    assert ahead == [2]  # no more than the class has entries
    assert grade(capsys, *argv)[0] == 0
    assert ahead == [2]  # all from the cache: none started
    code, lines, _ = grade(capsys, *argv, '--no-cache')
    assert code == 0 and ahead == [2, 2]
    assert marks(grades(out)['bob']) == written(full_marks())


def test_one_stored_result_is_shown_and_one_named_student_regraded(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A teacher looks at one student's result in the terminal, then, the student's
    file mended, regrades that student alone: the others come from the cache."""
    config, _ = fast_config(tmp_path)
    klass, out = write_class(tmp_path, ROSTER), tmp_path / 'out'
    assert grade(capsys, str(klass), '--out', str(out), '--config', str(config))[0] == 0
    assert main(['show', str(out), 'bob']) == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[0] == f'bob: {TOTAL - POINTS["mirror"]:g}/{TOTAL:g} points (' + ', '.join(
        f'{name} {0 if name == "mirror" else POINTS[name]:g}/{POINTS[name]:g}'
        for name in NAMES) + ')'
    assert any('whole string' in line for line in shown)  # its hint, as check shows it
    assert main(['show', str(out), 'bobb']) == 2
    assert capsys.readouterr().err == (f"error: {out} has no student 'bobb': did you mean "
                                       f"'bob'?\ntip: the ids are the first column of "
                                       f"grades.csv\n")
    shutil.copy(PIECES / 'mirror' / 'correct_slicing.py', klass / 'bob' / 'mirror.py')
    graded: list[str] = []
    real = batch_module.run_jobs

    def counted(jobs: list[workers.Job], *args: object, **kwargs: object) -> None:
        graded.append(str(len(jobs)))
        real(jobs, *args, **kwargs)  # type: ignore[arg-type]
    batch_module.run_jobs = counted  # type: ignore[assignment]
    try:
        code, lines, _ = grade(capsys, str(klass), '--out', str(out), '--config', str(config),
                               '--student', 'bob')
    finally:
        batch_module.run_jobs = real  # type: ignore[assignment]
    assert code == 0 and graded == ['1']  # bob alone; ada and cy from the cache
    assert SUMMARY.fullmatch(lines[0]).groups()[3] == '3'  # type: ignore[union-attr]
    assert marks(grades(out)['bob']) == written(full_marks())
    code, _, err = grade(capsys, str(klass), '--out', str(out), '--config', str(config),
                         '--student', 'bobby')
    assert code == 2 and err.splitlines()[1:] == [
        'error: --student bobby: no such student in the class: did you mean bob?',
        'tip: the ids are the first column of grades.csv']
