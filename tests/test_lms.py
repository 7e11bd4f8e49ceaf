from __future__ import annotations

import zipfile
from pathlib import Path

from autograder.classroom.lms import canvas_students, is_moodle, moodle_students


def zip_with(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, 'w') as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob('*')) if p.is_file()}


def test_canvas_files_are_grouped_per_student(tmp_path: Path) -> None:
    path = zip_with(tmp_path / 'submissions.zip', {
        'doejane_1001_5001_mirror.py': b'm',
        'doejane_1001_5002_winner.py': b'w',
        'smithjo_LATE_1002_5003_count_boxes-1.py': b'c',
        'readme.txt': b'from the teacher',
    })
    students, stray = canvas_students(path, tmp_path / 'out')
    assert [(s.id, s.name, s.late) for s in students] == [('1001', 'doejane', False),
                                                          ('1002', 'smithjo', True)]
    assert files_of(students[0].path) == {'mirror.py': b'm', 'winner.py': b'w'}
    assert files_of(students[1].path) == {'count_boxes.py': b'c'}
    assert students[1].notes == ('count_boxes-1.py was graded as count_boxes.py (Canvas '
                                 'renames resubmitted files)',)
    assert stray == ['readme.txt: not named the way Canvas names files']


def test_a_rejected_canvas_entry_is_noted_for_its_student(tmp_path: Path) -> None:
    path = zip_with(tmp_path / 'submissions.zip', {'../doejane_1001_5001_mirror.py': b'',
                                                   '../loose.py': b''})
    students, stray = canvas_students(path, tmp_path / 'out')
    assert [(s.id, s.notes) for s in students] == [
        ('1001', ('../doejane_1001_5001_mirror.py was left out: its path climbs out of '
                  'the class folder with ..',))]
    assert files_of(students[0].path) == {}
    assert stray == ['../loose.py was left out: its path climbs out of the class folder '
                     'with ..']


def test_moodle_folders_become_students(tmp_path: Path) -> None:
    entries = {
        'Jane Doe_2001_assignsubmission_file_/mirror.py': b'm',
        'Jane Doe_2001_assignsubmission_file_/work/winner.py': b'w',
        'Jane Doe_2001_assignsubmission_onlinetext_/onlinetext.html': b'<p>hi</p>',
        'Ann Lee_2002_assignsubmission_file_/lee.ipynb': b'{}',
        'stray.py': b'',
    }
    path = zip_with(tmp_path / 'moodle.zip', entries)
    assert is_moodle(list(entries))
    assert not is_moodle(['doejane_1001_5001_mirror.py'])
    students, stray = moodle_students(path, tmp_path / 'out')
    assert [(s.id, s.name) for s in students] == [('2001', 'Jane Doe'), ('2002', 'Ann Lee')]
    assert files_of(students[0].path) == {'mirror.py': b'm', 'work/winner.py': b'w'}
    assert students[0].notes == ('onlinetext.html (onlinetext submission) was not graded: '
                                 'only handed-in files are',)
    assert stray == ['stray.py: not in a Moodle submission folder']


def test_a_file_that_cannot_be_unpacked_is_noted(tmp_path: Path) -> None:
    long_name = 'x' * 300 + '.py'  # longer than any file system allows
    path = zip_with(tmp_path / 'moodle.zip',
                    {f'Ann Lee_2002_assignsubmission_file_/{long_name}': b''})
    students, _ = moodle_students(path, tmp_path / 'out')
    assert students[0].notes == (f'{long_name} was left out: it could not be unpacked '
                                 f'(File name too long)',)


def test_the_newest_canvas_resubmission_is_graded_whatever_the_zip_order(tmp_path: Path
                                                                          ) -> None:
    for order in (['-2', '', '-1'], ['', '-1', '-2']):
        entries = {f'doejane_1001_50{n}_mirror{suffix}.py': f'round{suffix}'.encode()
                   for n, suffix in enumerate(order)}
        path = zip_with(tmp_path / f'submissions{order[0]}.zip', entries)
        students, _ = canvas_students(path, tmp_path / f'out{order[0]}')
        assert files_of(students[0].path) == {'mirror.py': b'round-2'}
        assert students[0].notes == ('mirror-2.py was graded as mirror.py (Canvas renames '
                                     'resubmitted files)',)
