"""Right answers pass however they are handed in, second round: an old notebook, a coding
line, definitions in an `if`, a class that looks its module up, input() below an
answer, a zipped folder, names a browser chose, a file that reuses another answer, a
mirror right on the lesson's boards alone, and an import of a package graded code
does not have. Each passes through `hexgrade check` and `hexgrade grade`, and a mistake
planted in it still costs exactly its exercise (autograder/submission/locate.py, snapshot.py,
notebook_source.py, sections.py, classroom/zipped_work.py)."""
from __future__ import annotations

import csv
import zipfile
from pathlib import Path
from typing import Any

import pytest

from autograder.classroom.batch import grade_class
from autograder.classroom.layouts import find_students
from autograder.grading import grade_submission
from autograder.records import SubmissionResult
from autograder.sandbox.isolation import FLOOR
from autograder.settings.config import Config

from every_exercise import POINTS
from habits import ANSWERS, DATACLASS, HABITS, PLANTED, old_notebook

NAMES = tuple(ANSWERS)


def points(result: SubmissionResult) -> dict[str, float]:
    return {e.exercise: e.points for e in result.exercises}


def folder_of(root: Path, **files: str | bytes) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        target = root / name
        if isinstance(text, bytes):
            target.write_bytes(text)
        else:
            target.write_text(text, encoding='utf-8')
    return root


def models(root: Path, **replaced: str | bytes) -> Path:
    return folder_of(root, **{**{f'{name}.py': ANSWERS[name] for name in NAMES}, **replaced})


@pytest.mark.parametrize('planted', [None, *NAMES])
def test_an_nbformat_3_notebook_is_read_as_jupyter_reads_it(planted: str | None,
                                                             tmp_path: Path) -> None:
    answers = {**ANSWERS, **({planted: PLANTED[planted]} if planted else {})}
    path = tmp_path / 'old.ipynb'
    path.write_text(old_notebook(HABITS['lesson layout'](answers)), encoding='utf-8')
    got = points(grade_submission(path, Config(), FLOOR))
    assert {name for name in NAMES if got[name] < POINTS[name]} == ({planted} - {None})


def test_a_coding_line_is_honoured_as_python_honours_it(tmp_path: Path) -> None:
    latin = ('# -*- coding: latin-1 -*-\n# la r\xe9ponse de l\'\xe9l\xe8ve\n'
             + ANSWERS['mirror']).encode('latin-1', 'replace')
    folder = models(tmp_path / 's', **{'mirror.py': latin})
    assert points(grade_submission(folder, Config(), FLOOR)) == POINTS
    utf16 = models(tmp_path / 't', **{'mirror.py': ANSWERS['mirror'].encode('utf-16')})
    mirror = grade_submission(utf16, Config(), FLOOR).exercises[0]
    assert (mirror.problem or '').startswith('mirror.py is not UTF-8 text (byte 0xff on '
                                             'line 1); save it as UTF-8')


def test_a_class_that_looks_its_module_up_is_made_as_python_makes_it(tmp_path: Path) -> None:
    """`from __future__ import annotations` with a dataclass: dataclasses look the
    class's module up in sys.modules as they make it."""
    folder = models(tmp_path / 's', **{'count_boxes.py': DATACLASS + '\n\n' +
                                       ANSWERS['count_boxes']})
    assert points(grade_submission(folder, Config(), FLOOR)) == POINTS


def test_input_below_an_answer_gets_the_same_verdict_in_a_file_as_in_a_notebook(
        tmp_path: Path) -> None:
    trying = "\n\nboard = input('a board? ')\nprint(mirror(board))\n"
    folder = models(tmp_path / 's', **{'mirror.py': ANSWERS['mirror'] + trying})
    in_a_file = grade_submission(folder, Config(), FLOOR).exercises[0]
    path = tmp_path / 'n.ipynb'
    from habits import notebook
    path.write_text(notebook(HABITS['input at the end'](ANSWERS)), encoding='utf-8')
    in_a_notebook = grade_submission(path, Config(), FLOOR).exercises[0]
    for mirror in (in_a_file, in_a_notebook):
        assert mirror.points == POINTS['mirror'] and len(mirror.notes) == 1
        assert 'calls input() (line ' in mirror.notes[0]
        assert mirror.notes[0].endswith('but nobody is there to type; the rest of the file '
                                        'did not run, and mirror was graded as it was '
                                        'defined above it. Take input() out when you hand '
                                        'your work in.') or \
            'the cells after it still ran, and mirror was graded' in mirror.notes[0]


def test_a_file_of_a_folder_is_run_whole_whatever_else_it_defines(tmp_path: Path) -> None:
    """count_boxes.py reuses the student's own winner to know when a game is over, with a
    table worked out beside it: it is the file of count_boxes, run as Python runs it."""
    reused = ANSWERS['winner'] + "\n\nAT_START = {side: winner('BBB...WWW', side) " \
        "for side in 'WB'}\n\n\n" + ANSWERS['count_boxes'].replace(
            '    return [len(boxes), beads]',
            "    assert AT_START == {'W': '', 'B': ''}\n    return [len(boxes), beads]")
    assert 'assert AT_START' in reused
    folder = models(tmp_path / 's', **{'count_boxes.py': reused})
    assert points(grade_submission(folder, Config(), FLOOR)) == POINTS
    wrong = reused.replace('return [len(boxes), beads]', 'return [beads, len(boxes)]')
    folder = models(tmp_path / 't', **{'count_boxes.py': wrong})
    got = points(grade_submission(folder, Config(), FLOOR))
    assert {name for name in NAMES if got[name] < POINTS[name]} == {'count_boxes'}


def test_a_mirror_right_on_every_board_of_the_lesson_loses_nothing_elsewhere(
        tmp_path: Path) -> None:
    own_board = ('PIECE = {"B": 0, "W": 1, ".": 2}\nNAME = "BW."\n\n\ndef mirror(board):\n'
                 '    cells = [PIECE[square] for square in board]\n'
                 '    flipped = cells[2::-1] + cells[5:2:-1] + cells[8:5:-1]\n'
                 '    return "".join(NAME[cell] for cell in flipped)\n')
    folder = models(tmp_path / 's', **{'mirror.py': own_board})
    mirror = grade_submission(folder, Config(), FLOOR).exercises[0]
    assert mirror.points == POINTS['mirror']
    check = next(c for c in mirror.checks if c.name == 'any_characters')
    assert check.status == 'passed' and check.note and 'raised KeyError' in check.note


def test_an_import_of_a_package_graded_code_does_not_have_says_so(tmp_path: Path) -> None:
    folder = models(tmp_path / 's', **{'mirror.py': 'import numpy\n' + ANSWERS['mirror']})
    mirror = grade_submission(folder, Config(), FLOOR).exercises[0]
    assert mirror.problem == ("mirror.py imports numpy, which is not part of Python's "
                              "standard library: student code is graded with the standard "
                              "library only")
    assert mirror.checks[0].finding is not None
    assert mirror.checks[0].finding.hint == (
        'Write it with Python alone: take the import of numpy out and do with lists, '
        'strings and loops what you used it for.')


NAMED = {'Mirror.py': 'mirror', 'winner (1).py': 'winner', 'count_boxes.PY': 'count_boxes'}


def test_names_a_browser_chose_are_graded_in_a_class_and_renamed_by_a_student(
        tmp_path: Path) -> None:
    folder = folder_of(tmp_path / 'class' / 'ada', **{
        name: ANSWERS[exercise] for name, exercise in NAMED.items()})
    checked = grade_submission(folder, Config(), FLOOR)  # the student's own check
    assert [e.problem for e in checked.exercises] == [
        f'there is no {exercise}.py: did you mean to name {name} {exercise}.py?'
        for name, exercise in NAMED.items()]
    found = find_students(tmp_path / 'class', None, tmp_path / 'work')
    graded = grade_class(found, Config(), 'floor', 1, None).graded[0]
    assert points(graded.result) == POINTS
    assert [e.notes[0] for e in graded.result.exercises] == [
        f'{name} was graded as {exercise}.py, the name it stands for: name it {exercise}.py '
        f'next time (a browser or a computer may give a file such a name as it saves it).'
        for name, exercise in NAMED.items()]
    saved_twice = folder_of(tmp_path / 'class2' / 'bo', **{
        'mirror.py.txt': ANSWERS['mirror'], 'winner (1).py': ANSWERS['winner'],
        'winner (2).py': PLANTED['winner']})
    found = find_students(tmp_path / 'class2', None, tmp_path / 'work2')
    graded = grade_class(found, Config(), 'floor', 1, None).graded[0]
    got = points(graded.result)
    assert got['mirror'] == POINTS['mirror']  # .txt after the name, the only copy
    assert got['winner'] == 0  # two copies: which is the answer is not guessed
    assert saved_twice.is_dir()


def _zipped(target: Path, files: dict[str, str], mac: bool = True) -> None:
    with zipfile.ZipFile(target, 'w') as archive:
        for name, text in files.items():
            archive.writestr(f'hexapawn/{name}', text)
            if mac:
                archive.writestr(f'__MACOSX/hexapawn/._{name}', '\x00\x05\x16\x07 junk')


def test_a_folder_handed_in_as_a_zip_is_graded_from_what_is_inside(tmp_path: Path) -> None:
    answers = {f'{name}.py': ANSWERS[name] for name in NAMES}
    (tmp_path / 'class' / 'ada').mkdir(parents=True)
    _zipped(tmp_path / 'class' / 'ada' / 'hexapawn.zip', answers)
    download = tmp_path / 'submissions.zip'
    _zipped(tmp_path / 'inner.zip', {**answers, 'mirror.py': PLANTED['mirror']})
    with zipfile.ZipFile(download, 'w') as archive:  # Canvas: the student's zip, renamed
        archive.write(tmp_path / 'inner.zip', 'doejane_1001_5001_hexapawn.zip')
    for klass, work in ((tmp_path / 'class', tmp_path / 'w1'), (download, tmp_path / 'w2')):
        found = find_students(klass, None, work)
        graded = grade_class(found, Config(), 'floor', 1, None).graded[0]
        got = points(graded.result)
        expected = {**POINTS, 'mirror': 0.0} if klass == download else POINTS
        assert {n for n in NAMES if got[n] < expected[n] or got[n] == 0} == \
            ({'mirror'} if klass == download else set())
        assert graded.result.notes[0] == ('graded from the files inside hexapawn.zip, in its '
                                          'folder hexapawn/')


def test_where_no_file_is_found_the_teachers_row_says_what_was_there(tmp_path: Path) -> None:
    from autograder.render.gradebook_csv import grades_csv
    folder_of(tmp_path / 'class' / 'ada', **{'answers.docx': 'a document',
                                            'notes.txt': 'my notes'})
    found = find_students(tmp_path / 'class', None, tmp_path / 'work')
    batch = grade_class(found, Config(), 'floor', 1, None)
    row = next(csv.DictReader(grades_csv(batch).splitlines()))
    assert row['notes'].startswith('it held answers.docx, notes.txt; mirror not found')


def test_notebooks_in_these_shapes_pass_through_the_gradebook(tmp_path: Path) -> None:
    """The notebook habits of this round, graded as an nbgrader class would be: a
    folder per student, one notebook each, all of them right."""
    from habits import notebook
    klass = tmp_path / 'class'
    for habit in ('run game file', 'written file', 'defined in an if', 'typed dataclass',
                  'input at the end'):
        folder = klass / habit.replace(' ', '-')
        folder.mkdir(parents=True)
        (folder / 'hexapawn.ipynb').write_text(notebook(HABITS[habit](ANSWERS)),
                                               encoding='utf-8')
    old = klass / 'old-notebook'
    old.mkdir()
    (old / 'hexapawn.ipynb').write_text(old_notebook(HABITS['lesson layout'](ANSWERS)),
                                        encoding='utf-8')
    found = find_students(klass, None, tmp_path / 'work')
    batch = grade_class(found, Config(), 'floor', 2, None)
    assert {g.student.id: points(g.result) for g in batch.graded} == \
        {g.student.id: POINTS for g in batch.graded}


def test_a_students_own_check_of_a_zipped_folder_says_to_unzip_it(tmp_path: Path) -> None:
    """Where a teacher's grading opens the zip, the student's check names it."""
    (tmp_path / 'mine').mkdir()
    _zipped(tmp_path / 'mine' / 'hexapawn.zip', {f'{n}.py': ANSWERS[n] for n in NAMES})
    checked = grade_submission(tmp_path / 'mine', Config(), FLOOR)
    assert [(e.problem, e.checks[0].finding.hint if e.checks[0].finding else None)
            for e in checked.exercises] == [
        (f'there is no {n}.py here, only hexapawn.zip',
         'Unzip hexapawn.zip into this folder, then check again.') for n in NAMES]


def _shapes() -> dict[str, Any]:
    """Every shape of this round, as the files of one student's folder, from the three
    answers (a mistake may be planted in one of them)."""
    from habits import notebook

    def files(a: dict[str, str]) -> dict[str, str | bytes]:
        return {f'{name}.py': a[name] for name in NAMES}

    def zipped(a: dict[str, str]) -> dict[str, str | bytes]:
        import io
        data = io.BytesIO()
        with zipfile.ZipFile(data, 'w') as archive:
            for name, text in files(a).items():
                archive.writestr(f'hexapawn/{name}', text)
            archive.writestr('__MACOSX/hexapawn/._mirror.py', 'junk')
        return {'hexapawn.zip': data.getvalue()}

    def own_board(a: dict[str, str]) -> dict[str, str | bytes]:
        mine = ('PIECE = {"B": 0, "W": 1, ".": 2}\nNAME = "BW."\n\n\ndef mirror(board):\n'
                '    cells = [PIECE[square] for square in board]\n'
                '    return "".join(NAME[c] for c in cells[2::-1] + cells[5:2:-1] + '
                'cells[8:5:-1])\n')
        return {**files(a), 'mirror.py': mine if a['mirror'] == ANSWERS['mirror'] else
                a['mirror']}
    shapes: dict[str, Any] = {
        'nbformat 3': lambda a: {'old.ipynb': old_notebook(HABITS['lesson layout'](a))},
        'coding line': lambda a: {**files(a), 'mirror.py': (
            '# -*- coding: latin-1 -*-\n# r\xe9ponse\n' + a['mirror']).encode('latin-1',
                                                                            'replace')},
        'dataclass in a file': lambda a: {
            **files(a), 'count_boxes.py': DATACLASS + '\n\n' + a['count_boxes']},
        'input in a file': lambda a: {**files(a), 'mirror.py': a['mirror'] + (
            "\n\nboard = input('a board? ')\nprint(mirror(board))\n")},
        'winner reused': lambda a: {**files(a), 'count_boxes.py': a['winner'] + (
            "\n\nAT_START = {side: winner('BBB...WWW', side) for side in 'WB'}\n\n\n")
            + a['count_boxes']},
        'mirror of its own board': own_board,
        'zipped folder': zipped,
        'browser names': lambda a: {'Mirror.py': a['mirror'], 'winner (1).py': a['winner'],
                                    'count_boxes.PY': a['count_boxes']},
    }
    for habit in ('run game file', 'written file', 'defined in an if', 'typed dataclass',
                  'input at the end'):
        shapes[habit] = (lambda h: lambda a: {'hexapawn.ipynb': notebook(HABITS[h](a))})(habit)
    return shapes


@pytest.mark.parametrize('off', [(), ('bubblewrap',)], ids=['every layer', 'no bubblewrap'])
def test_every_shape_passes_through_a_class_and_a_planted_mistake_costs_its_exercise(
        off: tuple[str, ...], tmp_path: Path) -> None:
    """Each shape, right and with a mistake planted in each exercise, graded as a class
    with the layers this machine has: full marks, or exactly the planted exercise lost
    (and an exercise that uses the planted one, where the habit makes it so)."""
    from autograder.sandbox.working_layers import probe

    from habits import USES
    isolation = probe(off=off)
    wanted: dict[str, set[str]] = {}
    for shape, build in _shapes().items():
        for planted in (None, *NAMES):
            answers = {**ANSWERS, **({planted: PLANTED[planted]} if planted else {})}
            student = f'{shape.replace(" ", "-")}-{planted or "right"}'
            folder_of(tmp_path / 'class' / student, **build(answers))
            wanted[student] = {planted, USES.get(shape, {}).get(planted or '')} - {None}
    found = find_students(tmp_path / 'class', None, tmp_path / 'work')
    batch = grade_class(found, Config(), isolation.name, 2, None)
    isolation.close()
    lost = {g.student.id: {n for n, p in points(g.result).items() if p < POINTS[n]}
            for g in batch.graded}
    assert len(lost) == len(wanted) == 13 * 4 and lost == wanted
