from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest

from autograder.submission.safe_files import (MAX_DEPTH, Entry, Refused, listing, make_folders,
                                              read_limited, walk)

from deep_trees import make_chain, remove_chain


@pytest.fixture
def chain(tmp_path: Path) -> Iterator[Path]:
    top = tmp_path / 'deep'
    make_chain(top, 1500, last=('mirror.py', 'def mirror(board):\n    return board\n'))
    yield top
    remove_chain(top)


def test_a_file_is_read_up_to_its_limit(tmp_path: Path) -> None:
    (tmp_path / 'mirror.py').write_bytes(b'x' * 10)
    assert read_limited(tmp_path / 'mirror.py', 10) == b'x' * 10
    with pytest.raises(Refused) as refused:
        read_limited(tmp_path / 'mirror.py', 9)
    assert refused.value.strerror == 'it is larger than 9 bytes'


def test_a_sparse_file_of_gigabytes_is_refused_before_any_read(tmp_path: Path) -> None:
    huge = tmp_path / 'mirror.py'
    with open(huge, 'wb') as stream:
        stream.truncate(3 * 2 ** 30)
    with pytest.raises(Refused) as refused:
        read_limited(huge, 2 ** 20)
    assert refused.value.strerror == 'it is larger than 1 MiB'


def test_links_and_fifos_are_refused_not_followed(tmp_path: Path) -> None:
    (tmp_path / 'secret.env').write_text('KEY=value')
    (tmp_path / 'mirror.py').symlink_to(tmp_path / 'secret.env')
    os.mkfifo(tmp_path / 'winner.py')  # opening it to read would wait for a writer
    for name, reason in (('mirror.py', 'it is a link, and links are never followed'),
                         ('winner.py', 'it is not a regular file')):
        with pytest.raises(Refused) as refused:
            read_limited(tmp_path / name, 100)
        assert refused.value.strerror == reason


def test_beneath_a_folder_a_linked_folder_on_the_way_is_refused(tmp_path: Path) -> None:
    (tmp_path / 'answers').mkdir()
    (tmp_path / 'answers' / 'mirror.py').write_text('the answer')
    (tmp_path / 'ada').mkdir()
    (tmp_path / 'ada' / 'sub').symlink_to(tmp_path / 'answers')
    assert read_limited(tmp_path / 'ada' / 'sub' / 'mirror.py', 100) == b'the answer'
    with pytest.raises(Refused) as refused:
        read_limited(tmp_path / 'ada' / 'sub' / 'mirror.py', 100, beneath=tmp_path / 'ada')
    assert refused.value.strerror == 'it is a link, and links are never followed'


def test_a_walk_reports_links_and_never_enters_them(tmp_path: Path) -> None:
    (tmp_path / 'sub').mkdir()
    (tmp_path / 'sub' / 'winner.py').write_text('ab')
    (tmp_path / 'up').symlink_to(tmp_path)
    assert walk(tmp_path) == [Entry(('sub',), 'folder', (tmp_path / 'sub').lstat().st_size),
                              Entry(('sub', 'winner.py'), 'file', 2),
                              Entry(('up',), 'link', len(str(tmp_path)))]


def test_a_walk_of_a_tree_deeper_than_the_stack_is_refused(chain: Path) -> None:
    with pytest.raises(Refused) as refused:
        walk(chain)
    assert refused.value.strerror == f'it nests folders more than {MAX_DEPTH} deep'
    assert listing(chain) == [Entry(('d',), 'folder', (chain / 'd').lstat().st_size)]


def test_a_walk_stops_counting_at_its_limit(tmp_path: Path) -> None:
    for number in range(30):
        (tmp_path / f'{number}.py').write_text('')
    with pytest.raises(Refused) as refused:
        walk(tmp_path, max_entries=20)
    assert refused.value.strerror == 'it holds more than 20 files and folders'


def test_folders_are_made_one_by_one_and_never_through_a_link(tmp_path: Path) -> None:
    assert make_folders(tmp_path, ('a', 'b')) == tmp_path / 'a' / 'b'
    assert (tmp_path / 'a' / 'b').is_dir()
    (tmp_path / 'out').symlink_to(tmp_path / 'a')
    with pytest.raises(Refused) as refused:
        make_folders(tmp_path, ('out', 'c'))
    assert refused.value.strerror == 'it is a link, and links are never followed'
    with pytest.raises(Refused) as refused:
        make_folders(tmp_path, ('x',) * 2000)
    assert refused.value.strerror == f'it nests folders more than {MAX_DEPTH} deep'
    assert not (tmp_path / 'x').exists() and not (tmp_path / 'a' / 'c').exists()
