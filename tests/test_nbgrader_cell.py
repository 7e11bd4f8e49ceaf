"""The grading cell's runtime (autograder/integrations/nbgrader/cell.py) and the settings it carries
(settings.py): which cell it grades, what it prints, what it returns to nbgrader."""
from __future__ import annotations

import sys
import warnings
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import autograder
from autograder import grading
from autograder.calls.limits import Limits
from autograder.checking.probe import PropertySettings
from autograder.errors import GraderError
from autograder.exercises import BY_NAME
from autograder.integrations.nbgrader.cell import answer_source, grade, kernel_history
from autograder.integrations.nbgrader.settings import cell_settings, config_from_cell
from autograder.kit.paths import SOLUTIONS
from autograder.records import ExerciseResult
from autograder.settings.config import Config
from autograder.submission.locate import Missing, Source

PIECES = Path(autograder.__file__).parent / 'sample_class' / 'pieces'
FAST = Config(limits=Limits(call_seconds=0.5, file_seconds=4.0),
              properties=PropertySettings(max_examples=10))
SETTINGS = cell_settings(FAST)
MIRROR = (SOLUTIONS / 'mirror.py').read_text(encoding='utf-8')
COUNT = (SOLUTIONS / 'count_boxes.py').read_text(encoding='utf-8')
REVERSED = (PIECES / 'mirror' / 'whole_string_reversed.py').read_text(encoding='utf-8')
TEST_CELL = "from autograder.integrations.nbgrader.cell import grade\ngrade('mirror', {})"


def test_a_correct_cell_earns_every_point_and_writes_nothing_to_stderr(capsys) -> None:
    assert grade('mirror', SETTINGS, [MIRROR, TEST_CELL]) == 3.0
    out, err = capsys.readouterr()
    assert err == ''
    assert out.startswith('your mirror cell: 3/3 points (mirror 3/3)\n')
    assert out.endswith('All checks passed.\n')


def test_the_graders_own_warnings_and_stray_text_stay_off_stderr(capsys, monkeypatch) -> None:
    real = grading.grade_exercise

    def noisy(*args: Any) -> ExerciseResult:
        warnings.warn('something the student cannot act on')
        print('stray text', file=sys.stderr)
        return real(*args)
    monkeypatch.setattr(grading, 'grade_exercise', noisy)
    assert grade('mirror', SETTINGS, [MIRROR]) == 3.0
    out, err = capsys.readouterr()
    assert err == ''
    assert out.startswith('stray text\n')


def test_a_known_mistake_earns_part_of_the_points_and_prints_its_hint(capsys) -> None:
    points = grade('mirror', SETTINGS, [REVERSED])
    out, err = capsys.readouterr()
    hint = next(m.hint for m in BY_NAME['mirror'].catalogue if m.name == 'whole string reversed')
    assert 0 <= points < 3.0
    assert f'hint: {hint}' in out
    assert "expected '.BB.W.W.W'" in out
    assert err == ''


def test_hidden_answers_stay_out_of_the_cell_output(capsys) -> None:
    hidden = cell_settings(replace(FAST, show='hints'))
    grade('mirror', hidden, [REVERSED])
    out = capsys.readouterr().out
    assert 'hint: ' in out
    assert 'expected' not in out


def test_an_endless_loop_costs_only_its_exercise(capsys) -> None:
    looping = 'def mirror(board):\n    while True:\n        pass\n'
    assert grade('mirror', SETTINGS, [looping]) == 0.0
    assert 'was still running after 0.5 s' in capsys.readouterr().out
    assert grade('count_boxes', SETTINGS, [looping, COUNT]) == 4.0


def test_a_function_that_kills_its_process_costs_only_its_exercise(capsys) -> None:
    killing = 'import os\n\ndef mirror(board):\n    os.kill(os.getpid(), 9)\n'
    assert grade('mirror', SETTINGS, [killing]) == 0.0
    assert 'NOTE  crash' in capsys.readouterr().out


def test_the_newest_cell_that_defines_the_function_is_graded() -> None:
    located = answer_source(BY_NAME['mirror'], [REVERSED, MIRROR, TEST_CELL])
    assert located == Source(MIRROR.rstrip('\n') + '\n', 'your mirror cell')


def test_a_cell_that_defines_another_exercise_too_comes_second() -> None:
    # the count_boxes cell carries a correct mirror helper of its own
    located = answer_source(BY_NAME['mirror'], [REVERSED, COUNT])
    assert isinstance(located, Source) and 'board[::-1]' in located.text
    alone = answer_source(BY_NAME['mirror'], [COUNT])
    assert isinstance(alone, Source) and 'def count_boxes' in alone.text


def test_magics_are_made_inert_and_a_syntax_error_is_still_found(capsys) -> None:
    located = answer_source(BY_NAME['mirror'], ['%load_ext autoreload\n' + MIRROR])
    assert isinstance(located, Source) and located.text.startswith('pass\n')
    assert grade('mirror', SETTINGS, ['def mirror(board):\n    return board[\n']) == 0.0
    assert 'your mirror cell has a syntax error' in capsys.readouterr().out


def test_no_cell_defining_the_function_is_a_clear_zero(capsys) -> None:
    assert answer_source(BY_NAME['winner'], [MIRROR, TEST_CELL]) == Missing(
        "no cell run before this one defines winner(board, side): was its answer cell "
        "deleted, or its function renamed?")
    assert grade('winner', SETTINGS, [MIRROR]) == 0.0
    assert 'no cell run before this one defines winner' in capsys.readouterr().out


def test_outside_a_notebook_the_cell_says_where_it_works() -> None:
    with pytest.raises(GraderError, match='a grading cell works only inside a Jupyter '
                                          'notebook') as raised:
        kernel_history()
    assert raised.value.tip == 'to grade a file instead, run: hexgrade check FILE'


def test_an_unknown_exercise_is_our_error_not_the_students() -> None:
    with pytest.raises(GraderError, match="asks for an exercise named 'mirorr', which "
                                          "hexgrade does not know"):
        grade('mirorr', SETTINGS, [MIRROR])


def test_settings_stand_for_the_config_they_came_from() -> None:
    config = Config(points={'mirror': 5.0, 'winner': 1.5, 'count_boxes': 2.0},
                    limits=Limits(call_seconds=0.25, file_seconds=3.0, memory_mb=256,
                                  output_kb=8),
                    properties=PropertySettings(max_examples=7, seed=42), show='names',
                    exercise_limits={'count_boxes': {'file_seconds': 45.0}})
    assert config_from_cell(cell_settings(config), 'mirror') == replace(
        config, source='the grading cell of mirror')


def test_cells_written_before_exercise_limits_went_in_keep_the_defaults() -> None:
    settings = cell_settings(FAST)
    del settings['exercise_limits']
    assert config_from_cell(settings, 'mirror').exercise_limits == Config().exercise_limits


@pytest.mark.parametrize('damage, reason', [
    (lambda s: s.pop('limits'), "KeyError: 'limits'"),
    (lambda s: s['points'].pop('winner'), "KeyError: 'no points for winner'"),
    (lambda s: s.update(show='all'), "ValueError: show = 'all'"),
    (lambda s: s.update(seed='x'), 'ValueError: invalid literal'),
])
def test_damaged_settings_are_reported_as_ours(damage, reason) -> None:
    settings = cell_settings(FAST)
    damage(settings)
    with pytest.raises(GraderError, match='the settings in the grading cell of winner are '
                                          'damaged') as raised:
        config_from_cell(settings, 'winner')
    assert reason in str(raised.value)
    assert raised.value.tip == 'write the course again with `hexgrade nbgrader`'
