"""A submission read once, and graded from what was read (autograder/submission/snapshot.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from autograder.errors import UsageError
from autograder.submission.locate import Source, locate
from autograder.submission.snapshot import MAX_BYTES, Snapshot, digest, read, take, write

RIGHT = 'def mirror(board):\n    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n'


def test_the_digest_follows_content_and_names_only(tmp_path: Path) -> None:
    one, two = tmp_path / 'one', tmp_path / 'two'
    for folder in (one, two):
        (folder / 'sub').mkdir(parents=True)
        (folder / 'mirror.py').write_text('a')
        (folder / 'sub' / 'winner.py').write_text('b')  # not read: below the top level
    assert digest(take(one)) == digest(take(two))
    (two / 'sub' / 'winner.py').write_text('B')
    assert digest(take(one)) == digest(take(two))
    (two / 'mirror.py').write_text('A')
    assert digest(take(one)) != digest(take(two))
    (two / 'mirror.py').rename(two / 'mirorr.py')
    (two / 'mirorr.py').write_text('a')
    assert digest(take(one)) != digest(take(two))


def test_a_large_notebook_is_digested_by_all_its_bytes(tmp_path: Path) -> None:
    """Notebooks may be far larger than a .py file (stored outputs): two that differ
    only beyond a .py file's limit still have digests of their own."""
    for name, tail in (('one', 'a'), ('two', 'b')):
        (tmp_path / name).mkdir()
        (tmp_path / name / 'work.ipynb').write_text('x' * (MAX_BYTES + 10) + tail)
    assert digest(take(tmp_path / 'one')) != digest(take(tmp_path / 'two'))


def test_what_is_graded_is_what_was_read_whatever_the_folder_does_after(
        tmp_path: Path) -> None:
    folder = tmp_path / 'ada'
    folder.mkdir()
    (folder / 'mirror.py').write_text(RIGHT)
    read_once = take(folder)
    (folder / 'mirror.py').write_text('def mirror(board):\n    return board\n')
    (folder / 'winner.py').write_text('def winner(board, side):\n    return ""\n')
    found = locate(read_once, ('mirror', 'winner'))
    assert isinstance(found['mirror'], Source) and found['mirror'].text == RIGHT
    assert not isinstance(found['winner'], Source)


def test_a_snapshot_written_reads_back_as_it_was(tmp_path: Path) -> None:
    folder = tmp_path / 'student \udcff'
    folder.mkdir()
    (folder / 'mirror.py').write_bytes(b'\xef\xbb\xbf' + RIGHT.encode())
    (folder / 'notes.ipynb').write_bytes(b'{}')
    (folder / 'winner.py').symlink_to(folder / 'mirror.py')
    (folder / 'data').mkdir()
    taken = take(folder)
    write(taken, tmp_path / 'kept.snapshot')
    again = read(tmp_path / 'kept.snapshot')
    assert again == taken and digest(again) == digest(taken)
    assert dict(again.entries) == {'mirror.py': 'file', 'notes.ipynb': 'file',
                                   'winner.py': 'link', 'data': 'folder'}
    assert again.content('winner.py') is None  # a link is never read
    with pytest.raises(FileExistsError):  # never written through what is there
        write(taken, tmp_path / 'kept.snapshot')


def test_one_file_is_a_snapshot_of_that_file_alone(tmp_path: Path) -> None:
    (tmp_path / 'all.py').write_text(RIGHT)
    (tmp_path / 'winner.py').write_text('x')
    taken = take(tmp_path / 'all.py')
    assert taken == Snapshot(str(tmp_path / 'all.py'), False, (('all.py', 'file'),),
                             (('all.py', RIGHT.encode()),))


@pytest.mark.parametrize('name, says', [
    ('missing', 'does not exist'),
    ('notes.txt', 'is neither a .py file nor a .ipynb notebook'),
])
def test_what_cannot_be_a_submission_is_said_before_anything_is_read(
        tmp_path: Path, name: str, says: str) -> None:
    if name != 'missing':
        (tmp_path / name).write_text('hello')
    with pytest.raises(UsageError, match=says):
        take(tmp_path / name)
