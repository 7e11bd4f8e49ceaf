"""Pointing at the line most tied to a function's wrong answers (autograder/describe/
lines.py), from the lines the child traces on a few calls (the 'lines' request)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from autograder.config import Config
from autograder.describe.lines import Suspect, suspect_line
from autograder.exercises import BY_NAME
from autograder.grading import grade_exercise
from autograder.loading import locate
from autograder.results import ExerciseResult
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import StudentProcess

from class_records import PIECES

UNLISTED = Path(__file__).parent / 'unlisted_mistakes'


def runs(*lines: tuple[int, ...]) -> list[frozenset[int]]:
    return [frozenset(ran) for ran in lines]


RIGHT = runs(*[(2, 3, 4)] * 6)  # six right answers that never reach lines 5 and 6


def test_a_block_run_on_every_failure_and_no_right_answer_is_named_by_its_first_line(
        ) -> None:
    assert suspect_line(runs((2, 3, 5, 6), (2, 5, 6)), RIGHT) == Suspect(5, 2, 6, 0)


def test_a_line_also_run_on_a_few_right_answers_is_named_with_how_many() -> None:
    right = RIGHT[:4] + runs((2, 5), (2, 3))
    assert suspect_line(runs((2, 5), (2, 5)), right) == Suspect(5, 2, 6, 1)


def test_nothing_is_said_when_no_line_stands_out() -> None:
    # the only line runs on everything: a one-line function
    assert suspect_line(runs((2,), (2,)), runs(*[(2,)] * 6)) is None
    # a line run on every failure, but on half the right answers too
    assert suspect_line(runs((2, 5), (2, 5)), RIGHT[:3] + runs(*[(2, 5)] * 3)) is None
    # no line runs on every failure
    assert suspect_line(runs((2, 5), (2, 6)), RIGHT) is None
    # two blocks as tied to the failures, each run on one right answer of its own
    assert suspect_line(runs((2, 5, 6), (2, 5, 6)),
                        RIGHT[:4] + runs((2, 5), (2, 6))) is None
    # too few right answers to tell anything
    assert suspect_line(runs((2, 5)), RIGHT[:4]) is None


SOURCE = '''\
from hexapawn import moves

def winner(board, side):
    if side == 'W':
        return helper(board)
    if board == 'raise':
        raise ValueError(board)
    while board == 'loop':
        pass
    return ''

def helper(board):
    moves(board, 'W')
    return 'W'
'''
GAME = 'def moves(board, side):\n    return []\n'


@pytest.fixture
def child() -> Iterator[StudentProcess]:
    limits = Config().limits_for('winner')
    with StudentProcess(limits, FLOOR) as process:
        assert process.load(SOURCE, 'winner.py', {'hexapawn': GAME}).error is None
        yield process


def test_the_child_reports_the_lines_of_the_students_file_each_call_runs(
        child: StudentProcess) -> None:
    # the helper's lines count, the game file's do not; a call that raised still ran
    assert child.lines('winner', [('BBB...WWW', 'W'), ('x', 'B'), ('raise', 'B')]) == \
        runs((4, 5, 13, 14), (4, 6, 8, 10), (4, 6, 7))
    # what it printed or returned is not reported again, and it answers as before
    outcomes = child.call('winner', [('x', 'W')]).outcomes
    assert [o.value for o in outcomes] == ['W']  # type: ignore[union-attr]


def test_a_call_that_runs_out_of_time_ends_the_report(tmp_path: Path) -> None:
    settings = tmp_path / 'grader.toml'
    settings.write_text('[limits]\ncall_seconds = 0.3\n', encoding='utf-8')
    from autograder.config import load_config
    with StudentProcess(load_config(settings).limits_for('winner'), FLOOR) as process:
        assert process.load(SOURCE, 'winner.py', {'hexapawn': GAME}).error is None
        assert process.lines('winner', [('x', 'B'), ('loop', 'B'), ('x', 'B')]) == \
            runs((4, 6, 8, 10))
        assert process.gone is None


def graded(path: Path, exercise: str) -> ExerciseResult:
    return grade_exercise(BY_NAME[exercise], locate(path, (exercise,))[exercise], Config(),
                          FLOOR)


def hints(result: ExerciseResult) -> list[str]:
    return [c.finding.hint for c in result.checks if c.status == 'failed' and c.finding]


POINTED = ('Look at {}: it runs on each of the 10 positions tried where winner goes wrong, '
           'and on none of the 30 tried where it is right.')


def test_the_failing_checks_hint_names_the_line_where_it_stands_out() -> None:
    found = hints(graded(UNLISTED / 'winner' / 'none_when_stuck.py', 'winner'))
    assert len(found) == 2 and all(h.endswith(' ' + POINTED.format('line 10')) for h in found)
    named = hints(graded(UNLISTED / 'winner' / 'stuck_player_named.py', 'winner'))
    assert named and all(h.endswith(' ' + POINTED.format('line 10')) for h in named)


def test_in_a_notebook_the_line_is_named_as_the_student_finds_it(tmp_path: Path) -> None:
    code = (UNLISTED / 'winner' / 'none_when_stuck.py').read_text()
    cells = [{'cell_type': 'markdown', 'source': '# ★★ winner'},
             {'cell_type': 'code', 'source': 'x = 1\nprint(x)\n'},
             {'cell_type': 'code', 'source': code}]
    notebook = tmp_path / 'hexapawn.ipynb'
    notebook.write_text(json.dumps({'cells': cells}), encoding='utf-8')
    found = hints(graded(notebook, 'winner'))
    assert found and all(h.endswith(POINTED.format('line 10 of cell 3')) for h in found)


@pytest.mark.parametrize('piece', ['mirror/rows_rotated', 'mirror/top_slice_one_short',
                                   'winner/far_row_slices_short', 'winner/names_in_full',
                                   'count_boxes/start_counted'])
def test_nothing_is_said_of_lines_where_no_line_stands_out(piece: str) -> None:
    exercise, name = piece.split('/')
    found = hints(graded(UNLISTED / exercise / f'{name}.py', exercise))
    assert found and not any('Look at line' in h for h in found)


def test_a_known_mistakes_hint_says_what_to_change_and_nothing_of_lines() -> None:
    # loser_named.py's 'return side' is run on every failing position and no other
    found = hints(graded(PIECES / 'winner' / 'loser_named.py', 'winner'))
    assert found and not any('Look at line' in h for h in found)
