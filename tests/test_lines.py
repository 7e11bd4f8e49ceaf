"""Pointing at the line most tied to a function's wrong answers
(autograder/diagnosis/lines.py), from the lines the child traces on a few calls (the
'lines' request)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from autograder.diagnosis.lines import Suspect, suspect_line
from autograder.exercises import BY_NAME
from autograder.grading import grade_exercise
from autograder.records import ExerciseResult
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import StudentProcess
from autograder.settings.config import Config
from autograder.submission.locate import locate

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
    from autograder.settings.config import load_config
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


POINTED = ('Look at {}: it runs on every position tried where winner goes wrong, and '
           'never where it is right.')


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


RETURNED_FROM_A_NAME = '''from hexapawn import moves


def winner(board, side):
    other = 'B' if side == 'W' else 'W'
    result = ''
    if not moves(board, side):
        result = side
    if 'W' in board[0:3]:
        return 'W'
    if 'B' in board[6:9]:
        return 'B'
    if side not in board:
        return other
    if result:
        return result
    return ''
'''


def test_a_line_that_returns_a_name_gives_way_to_the_line_that_made_its_value(
        tmp_path: Path) -> None:
    # `return result` (line 16) runs only where winner goes wrong, but the wrong value
    # was made on line 8, which also runs where the game was over anyway
    path = tmp_path / 'winner.py'
    path.write_text(RETURNED_FROM_A_NAME)
    found = hints(graded(path, 'winner'))
    assert found and all('Look at line 8:' in h and 'line 16' not in h for h in found)
    from autograder.diagnosis.made_at import made_at
    runs = [frozenset({5, 6, 7, 8, 9, 11, 13, 15, 16})] * 3
    right = [frozenset({5, 6, 7, 9, 11, 13, 15, 17})] * 10
    assert made_at(RETURNED_FROM_A_NAME, 16, runs, right, 0.25) == 8
    assert made_at(RETURNED_FROM_A_NAME, 10, runs, right, 0.25) == 10  # no name returned
    # made on a line run as often where it is right: no line is named
    assert made_at(RETURNED_FROM_A_NAME, 16, runs, [frozenset({6, 8})] * 10, 0.25) is None


def _traced_lines(path: Path, exercise: str) -> list[tuple[bool, frozenset[int]]]:
    """For each input of the domain, run here: whether the piece is right on it, and the
    lines of the piece's own file it ran."""
    import sys

    from test_explain import DOMAIN, RIGHT
    from unlisted_pieces import loaded
    function, _ = loaded(path)
    found: list[tuple[bool, frozenset[int]]] = []
    inputs = DOMAIN[exercise] if exercise != 'mirror' else DOMAIN[exercise][::37]
    for args in inputs:
        ran: set[int] = set()

        def trace(frame, event, arg):  # type: ignore[no-untyped-def]
            if frame.f_code.co_filename == str(path):
                if event == 'line':
                    ran.add(frame.f_lineno)
                return trace
            return None
        sys.settrace(trace)
        try:
            got = function(*args)
        except Exception:  # the piece's own error: it is wrong there
            got = object()
        finally:
            sys.settrace(None)
        want = RIGHT[exercise](*args)
        found.append((type(got) is type(want) and got == want, frozenset(ran)))
    return found


def _pointed() -> list[tuple[Path, str, int]]:
    """Every fixture whose hint names a line: the file, its exercise, the line."""
    import re

    from graded_pieces import graded as graded_catalogue, pieces
    from unlisted_pieces import graded_unlisted, unlisted
    found = []
    for piece, result in [(p, graded_catalogue()[p.key]) for p in pieces()] + \
            [(p, graded_unlisted()[p.key]) for p in unlisted()]:
        for hint in hints(result):
            line = re.search(r'Look at line (\d+):', hint)
            if line:
                found.append((piece.path, piece.exercise, int(line.group(1))))
                break
    return found


def test_every_line_named_is_where_the_wrong_value_is_made_and_stands_out() -> None:
    """Read here, apart from the grader: the line named is no `return NAME` whose value
    another line of the function made, and run over the domain it runs where the piece
    is wrong and seldom where it is right."""
    import ast
    pointed = _pointed()
    assert len(pointed) >= 8  # enough fixtures name a line for this to mean something
    for path, exercise, line in pointed:
        tree = ast.parse(path.read_text(encoding='utf-8'))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Return) and node.lineno == line and \
                        isinstance(node.value, ast.Name):
                    assigned = [n for n in ast.walk(function) if isinstance(n, ast.Assign)
                                and any(isinstance(t, ast.Name) and t.id == node.value.id
                                        for t in n.targets)]
                    assert not assigned, f'{path.name}: line {line} only passes on a value'
        traced = _traced_lines(path, exercise)
        wrong = [ran for right, ran in traced if not right]
        right = [ran for right, ran in traced if right]
        on_wrong = sum(line in ran for ran in wrong) / len(wrong)
        on_right = sum(line in ran for ran in right) / len(right) if right else 0.0
        assert on_wrong > 0.5 and on_right < on_wrong / 2, \
            f'{path.name}: line {line} runs on {on_wrong:.0%} of wrong, {on_right:.0%} of right'
