from __future__ import annotations

from pathlib import Path

from autograder.classroom.layouts import find_students


def test_links_are_left_out_of_what_is_graded(tmp_path: Path) -> None:
    secret = tmp_path / 'secret.txt'
    secret.write_text('the answers')
    klass = tmp_path / 'class'
    (klass / 'ada' / 'sub').mkdir(parents=True)
    (klass / 'ada' / 'mirror.py').write_text('def mirror(board):\n    return board\n')
    (klass / 'ada' / 'winner.py').symlink_to(secret)
    (klass / 'ada' / 'sub' / 'count_boxes.py').symlink_to(secret)
    (klass / 'bob.py').symlink_to(secret)
    (klass / 'cy').symlink_to(tmp_path)
    ada, bob, cy = find_students(klass, None, tmp_path / 'work').students
    assert ada.path is not None and ada.path != klass / 'ada'
    assert sorted(p.relative_to(ada.path).as_posix() for p in ada.path.rglob('*')) == \
        ['mirror.py', 'sub']
    assert ada.notes == ('left out, as links to other files: sub/count_boxes.py, winner.py',)
    assert (bob.path, bob.problem) == (None, 'bob.py is a link, and links are never '
                                             'followed: nothing was graded')
    assert (cy.path, cy.problem) == (None, 'cy is a link, and links are never followed: '
                                           'nothing was graded')


def test_a_submission_without_links_is_graded_where_it_is(tmp_path: Path) -> None:
    (tmp_path / 'class' / 'ada').mkdir(parents=True)
    (tmp_path / 'class' / 'ada' / 'mirror.py').write_text('')
    [ada] = find_students(tmp_path / 'class', None, tmp_path / 'work').students
    assert ada.path == tmp_path / 'class' / 'ada' and ada.notes == ()


def test_a_class_reached_through_a_link_is_graded(tmp_path: Path) -> None:
    (tmp_path / 'real' / 'ada').mkdir(parents=True)
    (tmp_path / 'real' / 'ada' / 'mirror.py').write_text('')
    (tmp_path / 'class').symlink_to(tmp_path / 'real')
    [ada] = find_students(tmp_path / 'class', None, tmp_path / 'work').students
    assert ada.path == tmp_path / 'class' / 'ada' and ada.problem is None
