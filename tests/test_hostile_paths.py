"""A class whose paths attack the grader: each costs only its own student a row.

Trees deeper than Python's stack, zip entries nested thousands deep, links where
nbgrader's files should be, files of gigabytes: the students who hand them in get a
row that says what was left out, and the rest of the class is read as usual.
"""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Iterator

import pytest

from autograder.classroom.layouts import find_students
from autograder.submission.snapshot import digest, take

from deep_trees import make_chain, remove_chain

RIGHT = 'def mirror(board):\n    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n'
TOO_DEEP = 'only its top-level files were graded: it nests folders more than 16 deep'
DEPTH = 1500  # deeper than Python lets any recursion go


@pytest.fixture
def klass(tmp_path: Path) -> Iterator[Path]:
    klass = tmp_path / 'class'
    (klass / 'ada').mkdir(parents=True)
    (klass / 'ada' / 'mirror.py').write_text(RIGHT)
    yield klass
    for student in ('eve', 'fay'):
        if (klass / student).exists():
            remove_chain(klass / student)


def test_trees_deeper_than_the_stack_cost_only_their_students(klass: Path,
                                                              tmp_path: Path) -> None:
    make_chain(klass / 'eve', DEPTH)
    (klass / 'eve' / 'mirror.py').write_text(RIGHT)
    make_chain(klass / 'fay', DEPTH, last=('mirror.py', RIGHT))
    ada, eve, fay = find_students(klass, None, tmp_path / 'work').students
    assert (ada.path, ada.notes) == (klass / 'ada', ())
    assert eve.notes == (TOO_DEEP,)
    assert eve.path is not None and os.listdir(eve.path) == ['mirror.py']
    assert (eve.path / 'mirror.py').read_text() == RIGHT
    assert fay.notes == ('the files were found inside the folder ' + 'd/' * 16, TOO_DEEP)
    assert fay.path is not None and os.listdir(fay.path) == []
    # ada and eve hand in the same graded file: one grading serves both
    assert digest(take(eve.path)) == digest(take(klass / 'ada')) != digest(take(fay.path))


def test_a_zip_entry_nested_thousands_deep_is_left_out_of_its_student(
        tmp_path: Path) -> None:
    folder = 'Ada Lovelace_1001_assignsubmission_file_'
    download = tmp_path / 'submissions.zip'
    with zipfile.ZipFile(download, 'w') as archive:
        archive.writestr(f'{folder}/' + 'x/' * DEPTH + 'mirror.py', RIGHT)
        archive.writestr(f'{folder}/winner.py', 'def winner(board, side):\n    return ""\n')
        archive.writestr('Bo Li_1002_assignsubmission_file_/mirror.py', RIGHT)
    ada, bo = find_students(download, None, tmp_path / 'work').students
    assert ada.notes == (f'{folder}/' + 'x/' * DEPTH + 'mirror.py was left out: its path '
                         'nests folders more than 16 deep',)
    assert ada.path is not None and os.listdir(ada.path) == ['winner.py']
    assert bo.path is not None and (bo.path / 'mirror.py').read_text() == RIGHT


def test_a_linked_timestamp_is_not_read(tmp_path: Path) -> None:
    (tmp_path / '.env').write_text('KEY=value')
    for person in ('ada', 'bo'):
        (tmp_path / 'submitted' / person / 'hexapawn').mkdir(parents=True)
        (tmp_path / 'submitted' / person / 'hexapawn' / 'mirror.py').write_text(RIGHT)
    (tmp_path / 'submitted' / 'ada' / 'hexapawn' / 'timestamp.txt').symlink_to(
        tmp_path / '.env')
    (tmp_path / 'submitted' / 'bo' / 'hexapawn' / 'timestamp.txt').write_text(
        '2026-11-30 08:00:00 UTC\n')
    ada, bo = find_students(tmp_path, None, tmp_path / 'work').students
    assert ada.timestamp == ''
    assert ada.notes[0] == 'timestamp.txt was not read: it is a link, and links are never ' \
                           'followed'
    assert bo.timestamp == '2026-11-30 08:00:00 UTC' and bo.notes == ()


def test_files_of_gigabytes_are_left_out_and_never_read(klass: Path, tmp_path: Path) -> None:
    (klass / 'eve').mkdir()
    (klass / 'eve' / 'winner.py').write_text('def winner(board, side):\n    return ""\n')
    with open(klass / 'eve' / 'mirror.py', 'wb') as stream:
        stream.truncate(3 * 2 ** 30)  # sparse: costs no disk, but 3 GiB to read
    with open(klass / 'fay.py', 'wb') as stream:
        stream.truncate(3 * 2 ** 30)
    ada, eve, fay = find_students(klass, None, tmp_path / 'work').students
    assert eve.notes == ('left out, as larger than 1024 KiB: mirror.py',)
    assert eve.path is not None and os.listdir(eve.path) == ['winner.py']
    assert (fay.path, fay.problem) == (None, 'fay.py is larger than 1024 KiB: nothing was '
                                             'graded')
    # the cache's key reads no more of a submission than grading does
    digest = ('import resource, sys; from pathlib import Path; '
              'from autograder.submission.snapshot import digest, take; '
              'resource.setrlimit(resource.RLIMIT_AS, (2 ** 30, 2 ** 30)); '
              'print(len(digest(take(Path(sys.argv[1])))))')
    run = subprocess.run([sys.executable, '-c', digest, str(klass / 'eve')],
                         capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stdout) == (0, '64\n'), run.stderr
