"""Correct answers in many styles get full marks (the correct_* pieces, graded_pieces.py)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.kit.paths import KIT

from graded_pieces import Piece, graded, pieces

CORRECT = [piece for piece in pieces() if piece.correct]

# The styles issue 2 asks for, each told apart by the piece's name or its bytes.
STYLES = {
    'slicing': lambda p, data: 'slicing' in p.name,
    'loops': lambda p, data: 'loops' in p.name,
    'join': lambda p, data: 'join' in p.name,
    'recursion': lambda p, data: 'recursion' in p.name,
    'explicit stack': lambda p, data: 'stack' in p.name,
    'BFS': lambda p, data: 'bfs' in p.name,
    'sets': lambda p, data: 'sets' in p.name,
    'dicts': lambda p, data: 'dicts' in p.name,
    'CRLF line endings': lambda p, data: b'\r\n' in data,
    'tabs': lambda p, data: b'\n\t' in data,
    'a __main__ block that prints': lambda p, data: b"if __name__ == '__main__':" in data,
    'a byte order mark': lambda p, data: data.startswith(b'\xef\xbb\xbf'),
    'slow: every game replayed from the start': lambda p, data: b'product(' in data,
    'prints as it works': lambda p, data: b'print(' in data and b'__main__' not in data,
}


def _key(piece: Piece) -> str:
    return piece.key


@pytest.mark.parametrize('piece', CORRECT, ids=_key)
def test_a_correct_piece_gets_full_marks(piece: Piece) -> None:
    result = graded()[piece.key]
    assert result.problem is None, result.problem
    assert [c.name for c in result.checks if c.status != 'passed'] == []
    assert result.points == result.max_points > 0
    assert result.misconception is None
    assert result.flags == ()


def test_a_slow_right_search_passes_with_a_note_on_speed() -> None:
    result = graded()['count_boxes/correct_every_game_replayed']
    assert result.points == result.max_points
    assert len(result.notes) == 1
    assert result.notes[0].startswith('count_boxes took ')
    assert 'slow, but that costs nothing (the limit is 10 s)' in result.notes[0]
    assert graded()['count_boxes/correct_bfs'].notes == ()


@pytest.mark.parametrize('key', ['count_boxes/correct_chatty', 'mirror/correct_debug_print'])
def test_printing_while_right_earns_a_note_not_a_failure(key: str) -> None:
    result = graded()[key]
    printing = [check for check in result.checks if check.name == 'prints_nothing']
    assert [(c.status, c.points, c.max_points) for c in printing] == [('passed', 0.0, 0.0)]
    assert printing[0].note is not None and ' printed ' in printing[0].note
    assert 'Printing costs no points here' in printing[0].note


def test_every_style_is_there() -> None:
    found = {style for style, shows in STYLES.items()
             for piece in CORRECT if shows(piece, piece.path.read_bytes())}
    assert found == set(STYLES)
    assert len({piece.name for piece in CORRECT}) >= 10
    assert {piece.exercise for piece in CORRECT} == {'mirror', 'winner', 'count_boxes'}


@pytest.mark.parametrize('piece', [p for p in CORRECT if 'main_block' in p.name], ids=_key)
def test_the_main_block_really_prints(piece: Piece, tmp_path: Path) -> None:
    # graded, it printed nothing (it passed "prints nothing"); run as a program, it does
    shutil.copy(KIT / 'hexapawn.py', tmp_path)
    shutil.copy(piece.path, tmp_path / f'{piece.exercise}.py')
    run = subprocess.run([sys.executable, f'{piece.exercise}.py'], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip()
