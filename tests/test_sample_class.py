from __future__ import annotations

import json
from pathlib import Path

import pytest

from autograder.classroom.sample import HOME, read_roster, write_sample_class
from autograder.errors import GraderError
from autograder.submission.notebooks import notebook_source

from class_records import PIECES, write_class


def test_every_piece_is_handed_in_by_someone_and_every_name_is_a_piece() -> None:
    roster = read_roster(HOME / 'roster.toml')
    used = {(e, piece) for hand in roster for e, piece in hand.pieces.items()}
    pieces = {(p.parent.name, p.stem) for p in PIECES.glob('*/*.py')}
    assert used == pieces
    assert len(roster) >= 30 and len({hand.id for hand in roster}) == len(roster)


def test_the_sample_class_is_written_without_copies_in_the_package(tmp_path: Path) -> None:
    target = write_sample_class(tmp_path / 'class')
    assert len(list(target.iterdir())) == len(read_roster(HOME / 'roster.toml'))
    assert not (HOME / 'students').exists() and not list(HOME.glob('*/mirror.py'))
    assert write_sample_class(target) == target  # a second run replaces the first


ROSTER = '''
[[student]]
id = "ada"
mirror = "correct_slicing"
winner = "correct_loops"
rename = { mirror = "mirorr.py" }
damage = { winner = "syntax error" }

[[student]]
id = "bob"
form = "one file"
mirror = "correct_bom"
count_boxes = "correct_bfs"
damage = { count_boxes = "endless loop" }

[[student]]
id = "cy"
form = "notebook"
mirror = "correct_crlf"
winner = "correct_sets"
'''


def test_forms_renames_and_damage(tmp_path: Path) -> None:
    target = write_class(tmp_path, ROSTER)
    ada = target / 'ada'
    assert sorted(p.name for p in ada.iterdir()) == ['mirorr.py', 'winner.py']
    assert (ada / 'mirorr.py').read_bytes() == (PIECES / 'mirror' / 'correct_slicing.py'
                                                ).read_bytes()
    with pytest.raises(SyntaxError):
        compile((ada / 'winner.py').read_text(), 'winner.py', 'exec')
    bob = (target / 'bob.py').read_text(encoding='utf-8')
    assert '\ufeff' not in bob and '\nwhile True:\n    pass\n' in bob
    assert bob.index('def count_boxes(') < bob.rindex('def mirror(')  # last exercise first
    notebook = (target / 'cy' / 'exercises.ipynb').read_text(encoding='utf-8')
    assert json.loads(notebook)['nbformat'] == 4
    source = notebook_source(notebook, 'exercises.ipynb')
    assert 'def mirror(board)' in source and 'def winner(board, side)' in source
    compile(source, 'exercises.ipynb', 'exec')


@pytest.mark.parametrize('roster, message', [
    ('[[student]]\nid = "a"\nmirror = "no_such_piece"\n',
     'the sample class roster gives a the piece mirror/no_such_piece.py, which is not in '),
    ('[[student]]\nid = "a"\nform = "scroll"\n',
     "a has form 'scroll'; it must be one of files, one file, notebook"),
    ('[[student]]\nid = "a"\ndamage = { mirror = "flood" }\n',
     "a has damage 'flood'; it must be one of syntax error, endless loop"),
    ('[[student]]\nid = "a"\nmiror = "correct_join"\n', 'a student has unknown key miror'),
    ('[[student]]\nmirror = "correct_join"\n', 'a student has no id'),
    ('[[student]\n', 'cannot be read (Expected'),
])
def test_roster_mistakes_are_reported(tmp_path: Path, roster: str, message: str) -> None:
    with pytest.raises(GraderError) as info:
        write_class(tmp_path, roster)
    assert message in str(info.value)


def test_a_piece_without_a_def_line_cannot_be_broken(tmp_path: Path) -> None:
    home = tmp_path / 'home'
    (home / 'pieces' / 'mirror').mkdir(parents=True)
    (home / 'pieces' / 'mirror' / 'lambda.py').write_text('mirror = lambda board: board\n')
    (home / 'roster.toml').write_text('[[student]]\nid = "a"\nmirror = "lambda"\n'
                                      'damage = { mirror = "syntax error" }\n')
    with pytest.raises(GraderError, match='cannot break mirror/lambda.py for a: it has no '
                                          'def line ending in a colon'):
        write_sample_class(tmp_path / 'class', home)

