"""The gradebook in Canvas's import columns (autograder/render/canvas_csv.py), written
beside grades.csv only for a class that came as a Canvas zip (render/outputs.py)."""
from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from autograder.cli import main
from autograder.render.canvas_csv import canvas_csv

from class_records import batch_of, fast_config, record, wrong_mirror

RIGHT = 'def mirror(board):\n    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n'


def test_canvas_columns_points_possible_and_one_row_per_student() -> None:
    batch = batch_of(record('1001'), record('1002', wrong_mirror()),
                     names={'1001': 'doejane', '1002': 'smith, jo'})
    batch = replace(batch, found=replace(batch.found, layout='canvas'))
    assert canvas_csv(batch) == (
        'Student,ID,SIS User ID,SIS Login ID,Section,Hexapawn\n'
        'Points Possible,,,,,10\n'
        'doejane,1001,,,,10\n'
        '"smith, jo",1002,,,,8\n')


def test_names_and_ids_that_start_like_formulas_are_quoted() -> None:
    batch = batch_of(record('=1+1'), names={'=1+1': '@SUM(A1)'})
    rows = list(csv.reader(io.StringIO(canvas_csv(batch), newline='')))
    assert rows[2] == ["'@SUM(A1)", "'=1+1", '', '', '', '10']


def test_a_canvas_class_gets_grades_canvas_csv_and_another_class_does_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config, _ = fast_config(tmp_path)
    download = tmp_path / 'submissions.zip'
    with zipfile.ZipFile(download, 'w') as archive:
        archive.writestr('doejane_1001_5001_mirror.py', RIGHT)
    out = tmp_path / 'out'
    assert main(['grade', str(download), '--out', str(out), '--config', str(config)]) == 0
    rows = list(csv.reader(io.StringIO((out / 'grades-canvas.csv').read_text())))
    assert rows[0][:2] == ['Student', 'ID'] and rows[2] == ['doejane', '1001', '', '', '',
                                                            '3']
    folders = tmp_path / 'class' / 'ada'
    folders.mkdir(parents=True)
    (folders / 'mirror.py').write_text(RIGHT)
    assert main(['grade', str(folders.parent), '--out', str(out), '--config',
                 str(config)]) == 0
    assert not (out / 'grades-canvas.csv').exists()
    capsys.readouterr()


def test_the_assignment_column_is_the_one_named_with_its_canvas_id(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Canvas updates the assignment whose heading is "Name (id)", as it exports it, and
    adds a new one for any other heading: --assignment names it."""
    config, _ = fast_config(tmp_path)
    download = tmp_path / 'submissions.zip'
    with zipfile.ZipFile(download, 'w') as archive:
        archive.writestr('doejane_1001_5001_mirror.py', RIGHT)
    out = tmp_path / 'out'
    assert main(['grade', str(download), '--out', str(out), '--config', str(config),
                 '--assignment', 'Hexapawn exercises (4521)']) == 0
    header = (out / 'grades-canvas.csv').read_text(encoding='utf-8').splitlines()[0]
    assert header == 'Student,ID,SIS User ID,SIS Login ID,Section,Hexapawn exercises (4521)'
