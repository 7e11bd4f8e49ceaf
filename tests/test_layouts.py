from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from autograder.classroom import layouts
from autograder.classroom.layouts import detect, find_students
from autograder.errors import UsageError


def touch(path: Path, text: str = 'x = 1\n') -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def ids(found: layouts.Found) -> list[str]:
    return [s.id for s in found.students]


def test_a_folder_per_student_with_files_among_them(tmp_path: Path) -> None:
    touch(tmp_path / 'ada' / 'mirror.py')
    touch(tmp_path / 'bob.py')
    touch(tmp_path / 'cy.ipynb', '{}')
    (tmp_path / 'empty').mkdir()
    touch(tmp_path / '.DS_Store')
    touch(tmp_path / 'notes.txt')
    found = find_students(tmp_path, None, tmp_path / 'work')
    assert found.layout == 'folders'
    assert ids(found) == ['ada', 'bob', 'cy', 'empty']


def test_a_folder_holding_only_a_folder_is_graded_inside_it(tmp_path: Path) -> None:
    touch(tmp_path / 'ada' / 'hexapawn-project' / 'mirror.py')
    [student] = find_students(tmp_path, None, tmp_path / 'work').students
    assert student.path == tmp_path / 'ada' / 'hexapawn-project'
    assert student.notes == ('the files were found inside the folder hexapawn-project/',)


def test_flat_files_and_two_files_of_one_name(tmp_path: Path) -> None:
    touch(tmp_path / 'ada.py')
    touch(tmp_path / 'bob.py')
    touch(tmp_path / 'bob.ipynb', '{}')
    found = find_students(tmp_path, None, tmp_path / 'work')
    assert (found.layout, ids(found)) == ('flat', ['ada', 'bob.ipynb', 'bob.py'])


def test_flat_layout_named_leaves_folders_out_with_a_note(tmp_path: Path) -> None:
    touch(tmp_path / 'ada.py')
    touch(tmp_path / 'bob' / 'mirror.py')
    found = find_students(tmp_path, 'flat', tmp_path / 'work')
    assert ids(found) == ['ada']
    assert found.stray == ('bob: a folder, and this class is graded as one file per student',)


def test_nbgrader_tree(tmp_path: Path) -> None:
    touch(tmp_path / 'submitted' / 'ada' / 'hexapawn' / 'hexapawn.ipynb', '{}')
    touch(tmp_path / 'submitted' / 'ada' / 'hexapawn' / 'timestamp.txt',
          '2026-11-30 08:00:00.000000 UTC\n')
    (tmp_path / 'submitted' / 'bob').mkdir()
    found = find_students(tmp_path, None, tmp_path / 'work')
    assert (found.layout, found.assignment) == ('nbgrader', 'hexapawn')
    ada, bob = found.students
    assert ada.timestamp == '2026-11-30 08:00:00.000000 UTC'
    assert (bob.path, bob.problem) == (None, 'nothing handed in for hexapawn')


def test_nbgrader_with_several_assignments_needs_one_named(tmp_path: Path) -> None:
    touch(tmp_path / 'submitted' / 'ada' / 'hexapawn' / 'a.ipynb', '{}')
    touch(tmp_path / 'submitted' / 'ada' / 'week2' / 'b.ipynb', '{}')
    with pytest.raises(UsageError, match='holds several assignments: hexapawn, week2') as info:
        find_students(tmp_path, None, tmp_path / 'work')
    assert info.value.tip == 'name the one to grade with --assignment'
    found = find_students(tmp_path / 'submitted', None, tmp_path / 'work', 'week2')
    assert found.assignment == 'week2'


def test_zips_are_told_apart_by_their_names(tmp_path: Path) -> None:
    canvas = tmp_path / 'canvas.zip'
    with zipfile.ZipFile(canvas, 'w') as archive:
        archive.writestr('doejane_1001_5001_mirror.py', 'm')
    moodle = tmp_path / 'moodle.zip'
    with zipfile.ZipFile(moodle, 'w') as archive:
        archive.writestr('Jane Doe_2001_assignsubmission_file_/mirror.py', 'm')
    assert (detect(canvas), detect(moodle)) == ('canvas', 'moodle')
    found = find_students(moodle, None, tmp_path / 'work')
    assert (found.layout, ids(found)) == ('moodle', ['2001'])


def test_layout_and_class_must_fit(tmp_path: Path) -> None:
    touch(tmp_path / 'ada.py')
    with pytest.raises(UsageError, match='the canvas layout needs the zip file the LMS gave '
                                         'you'):
        find_students(tmp_path, 'canvas', tmp_path / 'work')
    with pytest.raises(UsageError, match='ada.py: the flat layout needs a folder'):
        find_students(tmp_path / 'ada.py', 'flat', tmp_path / 'work')


def test_what_cannot_be_a_class(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match='missing: no such file or folder'):
        detect(tmp_path / 'missing')
    with pytest.raises(UsageError, match='ada.py: is neither a folder nor a zip file') as info:
        detect(touch(tmp_path / 'ada.py'))
    assert info.value.tip == f'to grade one submission, use: hexgrade check {tmp_path}/ada.py'


def test_an_unreadable_folder_is_a_usage_error(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Path) -> None:
        raise PermissionError(13, 'Permission denied')
    monkeypatch.setattr(Path, 'iterdir', refuse)
    with pytest.raises(UsageError, match=r'cannot be read \(Permission denied\)'):
        find_students(tmp_path, 'folders', tmp_path / 'work')


def test_a_file_beside_a_folder_of_its_name_is_another_student(tmp_path: Path) -> None:
    touch(tmp_path / 'ada' / 'mirror.py')
    touch(tmp_path / 'ada.py')
    found = find_students(tmp_path, None, tmp_path / 'work', None)
    assert ids(found) == ['ada', 'ada.py']


def test_files_that_are_not_python_are_named_not_dropped(tmp_path: Path) -> None:
    touch(tmp_path / 'ada' / 'mirror.py')
    touch(tmp_path / 'bob.txt')
    found = find_students(tmp_path, None, tmp_path / 'work', None)
    assert ids(found) == ['ada']
    assert found.stray == ('bob.txt: not a .py file or a .ipynb notebook, so not graded',)


@pytest.mark.parametrize(('entries', 'chosen', 'shape', 'name'), [
    ({'Jane Doe_2001_assignsubmission_file_/mirror.py': b'm'}, 'canvas', 'moodle', 'Moodle'),
    ({'doejane_1001_5001_mirror.py': b'm'}, 'moodle', 'canvas', 'Canvas'),
])
def test_a_zip_named_with_the_other_lms_says_whose_it_looks_like(
        tmp_path: Path, entries: dict[str, bytes], chosen: str, shape: str, name: str) -> None:
    path = tmp_path / 'all.zip'
    with zipfile.ZipFile(path, 'w') as archive:
        for entry, data in entries.items():
            archive.writestr(entry, data)
    (tmp_path / 'work').mkdir()
    with pytest.raises(UsageError) as raised:
        find_students(path, chosen, tmp_path / 'work')
    other = {'canvas': 'Canvas', 'moodle': 'Moodle'}[chosen]
    assert str(raised.value) == f'{path}: no {other} submissions in it; it looks like the ' \
                                f'zip {name} gives'
    assert raised.value.tip == f'use --layout {shape}, or leave --layout out to have it ' \
                               'worked out'
    assert find_students(path, None, tmp_path / 'work').layout == shape
