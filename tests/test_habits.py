"""A right answer passes whatever shape it is handed in: notebooks and one-file hand-ins
written with students' habits (habits.py) get full marks with the model answers, and a
planted mistake costs exactly its own exercise (autograder/submission/sections.py,
locate.py)."""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pytest

from autograder.grading import grade_submission
from autograder.records import ExerciseResult
from autograder.sandbox.isolation import FLOOR
from autograder.settings.config import Config
from autograder.submission.locate import Source, locate

from every_exercise import POINTS, scores, summary_line
from habits import ANSWERS, HABITS, PLANTED, SUNK, USES, kit_stubs, notebook, old_notebook, one_file

NAMES = tuple(ANSWERS)  # the exercises the habits are written around
# a load that never ends is stopped sooner than by default, to keep the tests quick
QUICK = replace(Config(), limits=replace(Config().limits, load_seconds=0.5))
CASES = [(habit, planted) for habit in HABITS for planted in (None, *NAMES)]


def _grade(path: Path) -> dict[str, ExerciseResult]:
    return {e.exercise: e for e in grade_submission(path, QUICK, FLOOR).exercises}


@lru_cache(maxsize=None)
def _graded_notebook(habit: str, planted: str | None, folder: Path) -> dict[str, ExerciseResult]:
    answers = {**ANSWERS, **({planted: PLANTED[planted]} if planted else {})}
    path = folder / f'{habit.replace(" ", "_")}-{planted or "right"}.ipynb'
    path.write_text(notebook(HABITS[habit](answers)), encoding='utf-8')
    return _grade(path)


@pytest.fixture(scope='module')
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp('habits')


def _full(result: ExerciseResult) -> bool:
    return result.problem is None and result.points == result.max_points


@pytest.mark.parametrize('habit,planted', CASES)
def test_a_notebook_loses_exactly_the_exercise_a_mistake_is_in(habit: str, planted: str | None,
                                                               folder: Path) -> None:
    results = _graded_notebook(habit, planted, folder)
    lost = {name for name in NAMES if not _full(results[name])}
    using = USES.get(habit, {}).get(planted or '')
    assert lost == {planted, SUNK.get(habit), using} - {None}, {
        name: (results[name].problem, results[name].misconception) for name in lost}


def test_a_loop_below_an_answer_stops_the_loading_there(folder: Path) -> None:
    winner = _graded_notebook('loop in winner', None, folder)['winner']
    assert _full(winner) and winner.flags == ()
    assert winner.notes[0].startswith('a cell of loop_in_winner-right.ipynb (line 1 of cell '
                                      '3) was still running after 0.5 s while loading')


def test_a_loop_above_the_answer_sinks_that_exercise_only(tmp_path: Path) -> None:
    cells = [('md', '## mirror'), ('code', 'while True:\n    pass'),
             ('code', ANSWERS['mirror']), ('md', '## winner'), ('code', ANSWERS['winner']),
             ('md', '## count_boxes'), ('code', ANSWERS['count_boxes'])]
    path = tmp_path / 'loop.ipynb'
    path.write_text(notebook(cells), encoding='utf-8')
    results = _grade(path)
    assert [n for n in NAMES if not _full(results[n])] == ['mirror']
    assert (results['mirror'].problem or '').startswith('loop.ipynb did not finish loading')
    assert [flag.kind for flag in results['mirror'].flags] == ['timeout']


def test_a_cell_that_fails_as_in_jupyter_leaves_a_note(folder: Path) -> None:
    results = _graded_notebook('failing experiments', None, folder)
    name = 'failing_experiments-right.ipynb'
    assert [results[n].notes for n in NAMES] == [
        (),  # its cell only tries mirror, print(mirror(board)): not run while grading
        (f"a cell of {name} raised SyntaxError: '(' was never closed (line 1 of cell 4) "
         f"while loading; as in Jupyter, the cells after it still ran, so winner was "
         f"graded. Fix that cell, or take it out.",),
        (f'a cell of {name} raised SystemExit (line 2 of cell 6) while loading; as in '
         f'Jupyter, the cells after it still ran, so count_boxes was graded. Fix that '
         f'cell, or take it out.',)]


def test_a_slow_experiment_cell_stops_the_loading_not_the_grading(tmp_path: Path) -> None:
    cells = [('code', ANSWERS['mirror']), ('code', "print(mirror('BBB...WWW'))"),
             ('code', 'while True:\n    pass'), ('code', "print('never reached')")]
    path = tmp_path / 'slow.ipynb'
    path.write_text(notebook(cells), encoding='utf-8')
    mirror = _grade(path)['mirror']
    assert _full(mirror)
    assert mirror.notes == (
        'a cell of slow.ipynb (line 1 of cell 3) was still running after 0.5 s while '
        'loading, and was stopped there; mirror was graded as the cells above had defined '
        'it. Is that cell an endless loop, or an experiment that takes long?',)


def test_a_syntax_error_in_the_answer_cell_itself_is_still_one(tmp_path: Path) -> None:
    broken = ANSWERS['mirror'].replace('def mirror(board):', 'def mirror(board)')
    path = tmp_path / 'broken.ipynb'
    path.write_text(notebook([('code', broken), ('code', ANSWERS['winner'])]),
                    encoding='utf-8')
    results = _grade(path)
    assert (results['mirror'].problem or '').startswith(
        'broken.ipynb has a syntax error on line ')
    assert _full(results['winner'])


def test_the_feedback_says_which_cells_an_exercise_was_graded_from(folder: Path) -> None:
    results = _graded_notebook('lesson layout', None, folder)
    name = 'lesson_layout-right.ipynb'
    assert [results[n].origin for n in NAMES] == [
        f'graded from cells 3-4 of {name} (cells counted from the top), with the '
        f'imports and definitions above them',
        f'graded from cells 6-7 of {name} (cells counted from the top), with the '
        f'imports and definitions above them',
        f'graded from cells 9-10 of {name} (cells counted from the top), with the '
        f'imports and definitions above them']


def test_stored_outputs_do_not_count_towards_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / 'saved.ipynb'
    path.write_text(notebook(HABITS['experiments'](ANSWERS), outputs_kb=5 * 1024),
                    encoding='utf-8')
    assert path.stat().st_size > 5 * 1024 * 1024
    assert all(_full(result) for result in _grade(path).values())


@pytest.mark.parametrize('headings', [True, False], ids=['star comments', 'no headings'])
@pytest.mark.parametrize('planted', [None, *NAMES])
def test_the_lesson_layout_in_one_py_file(headings: bool, planted: str | None,
                                          tmp_path: Path) -> None:
    answers = {**ANSWERS, **({planted: PLANTED[planted]} if planted else {})}
    path = tmp_path / 'hexapawn_homework.py'
    path.write_text(one_file(HABITS['lesson layout'](answers), headings), encoding='utf-8')
    results = _grade(path)
    assert {name for name in NAMES if not _full(results[name])} == {planted} - {None}


def test_a_syntax_error_in_one_section_sinks_only_its_exercise(tmp_path: Path) -> None:
    broken = {**ANSWERS, 'winner': ANSWERS['winner'].replace("return ''", "return '")}
    cells = HABITS['lesson layout'](broken)
    for name, text in (('homework.py', one_file(cells)),
                       ('bare.py', one_file(cells, headings=False)),
                       ('homework.ipynb', notebook(cells))):
        (tmp_path / name).write_text(text, encoding='utf-8')
        results = _grade(tmp_path / name)
        assert [name for name in NAMES if not _full(results[name])] == ['winner']
        assert 'has a syntax error on line ' in (results['winner'].problem or '')
    notebook_problem = _grade(tmp_path / 'homework.ipynb')['winner'].problem or ''
    assert ' of cell 6: ' in notebook_problem


def test_the_kit_stubs_in_the_lesson_layout_earn_nothing(tmp_path: Path) -> None:
    path = tmp_path / 'stubs.ipynb'
    path.write_text(notebook(HABITS['lesson layout'](kit_stubs())), encoding='utf-8')
    results = _grade(path)
    assert [results[n].points for n in NAMES] == [0] * len(NAMES)
    assert results['mirror'].misconception == 'unchanged board'


def test_experiments_of_other_sections_never_run(tmp_path: Path) -> None:
    # a print at the top of winner's section would flood mirror's output if it ran there
    cells = [('code', ANSWERS['mirror']), ('code', ANSWERS['winner']),
             ('code', "for i in range(10 ** 6):\n    print('x' * 100)"),
             ('code', ANSWERS['count_boxes'])]
    path = tmp_path / 'chatty.ipynb'
    path.write_text(notebook(cells), encoding='utf-8')
    located = locate(path, NAMES)
    assert all(isinstance(located[n], Source) for n in NAMES)
    texts = {n: located[n].text for n in NAMES if isinstance(located[n], Source)}
    assert "print('x' * 100)" in texts['winner']
    assert "print('x' * 100)" not in texts['mirror'] + texts['count_boxes']
    assert 'def mirror(board)' in texts['count_boxes']


def test_checking_one_exercise_file_alone(tmp_path: Path) -> None:
    (tmp_path / 'mirror.py').write_text(ANSWERS['mirror'], encoding='utf-8')
    done = subprocess.run([sys.executable, '-m', 'autograder', 'check',
                           str(tmp_path / 'mirror.py')], capture_output=True, text=True,
                          cwd=tmp_path)
    lines = done.stdout.splitlines()
    assert lines[0] == summary_line(str(tmp_path / 'mirror.py'), scores(mirror=POINTS['mirror']))
    assert '        not handed in: only mirror.py was checked' in lines
    assert '        hint: Write winner(board, side) in winner.py, then check again.' in lines
    assert not any('Make mirror.py define' in line for line in lines)


def test_a_file_may_import_the_students_own_other_file(tmp_path: Path) -> None:
    (tmp_path / 'mirror.py').write_text(ANSWERS['mirror'], encoding='utf-8')
    own = ANSWERS['count_boxes']
    start, end = own.index('def mirror('), own.index('def count_boxes(')
    (tmp_path / 'count_boxes.py').write_text('from mirror import mirror\n' + own[:start] +
                                             own[end:], encoding='utf-8')
    results = _grade(tmp_path)
    assert _full(results['count_boxes']) and _full(results['mirror'])


def test_a_notebook_nested_too_deep_is_that_students_problem(tmp_path: Path) -> None:
    path = tmp_path / 'deep.ipynb'
    path.write_text('{"cells": ' + '[' * 100_000 + ']' * 100_000 + '}', encoding='utf-8')
    located = locate(path, NAMES)
    assert {str(json.dumps(located[n].__dict__)) for n in NAMES} == {
        json.dumps({'reason': 'deep.ipynb is not a notebook that can be read (it nests too '
                              'deep to read)', 'hint': None})}


# -- slow is not wrong: what a call that runs out of time is told ------------------------

SLOW_SEARCH = (Path(__file__).resolve().parent.parent / 'autograder' / 'sample_class' /
               'pieces' / 'count_boxes' / 'correct_every_game_replayed.py')


def _timed_out_hint(tmp_path: Path, files: dict[str, str], exercise: str) -> str:
    tmp_path.mkdir()
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding='utf-8')
    config = replace(Config(), limits=replace(Config().limits, call_seconds=0.3),
                     exercise_limits={})
    result = next(e for e in grade_submission(tmp_path, config, FLOOR).exercises
                  if e.exercise == exercise)
    failed = next(c for c in result.checks if c.status == 'failed')
    assert failed.finding is not None
    assert failed.finding.summary.endswith(' was still running after 0.3 s')
    return failed.finding.hint


def test_a_loop_that_never_ends_is_told_apart_from_a_slow_search(tmp_path: Path) -> None:
    loop = 'def winner(board, side):\n    turns = 0\n    while True:\n        turns += 1\n'
    hint = _timed_out_hint(tmp_path / 'loop', {'winner.py': loop}, 'winner')
    assert hint.startswith('It kept going round the same lines (line ')  # 3 or 4: sampled
    assert hint.endswith(') without calling anything else: a loop that never ends, such as '
                         'a while loop whose condition never becomes False.')
    search = _timed_out_hint(tmp_path / 'search',
                             {'count_boxes.py': SLOW_SEARCH.read_text(encoding='utf-8')},
                             'count_boxes')
    assert search.startswith('It was still working when it was stopped, calling ')
    assert 'moves()' in search and 'a search slower than the limit allows' in search


# -- what the lesson's own ★★★ helpers must never do: answer for the ★ -------------------

LESSON_HEADINGS = ('## \u2605 The mirror', '## \u2605\u2605 Who has won?',
                   '## \u2605\u2605\u2605 How many boxes?')


@pytest.mark.parametrize('answer', [
    'mirror = lambda board: board[::-1]',         # wrong, and not a def
    'def mirror(board)\n    return board[::-1]',   # a syntax error
    '# to do',                                     # no answer at all
], ids=['wrong lambda', 'syntax error', 'missing'])
def test_the_helpers_mirror_never_answers_for_the_star(answer: str, tmp_path: Path) -> None:
    cells = [('md', LESSON_HEADINGS[0]), ('code', answer),
             ('md', LESSON_HEADINGS[1]), ('code', ANSWERS['winner']),
             ('md', LESSON_HEADINGS[2]), ('code', ANSWERS['count_boxes'])]
    path = tmp_path / 'lesson.ipynb'
    path.write_text(notebook(cells), encoding='utf-8')
    results = _grade(path)
    assert results['mirror'].points == 0
    assert _full(results['winner']) and _full(results['count_boxes'])


def test_values_computed_above_are_there_in_every_section(tmp_path: Path) -> None:
    preamble = ("ROWS = list(range(3))\nW_ROW, B_ROW = 0, 6\n"
                "START = 'BBB' + '...' + 'WWW'\n"
                "try:\n    from functools import cache\nexcept ImportError:\n"
                "    def cache(f):\n        return f")
    mirror = ("@cache\ndef mirror(board):\n"
              "    return ''.join(board[3 * r:3 * r + 3][::-1] for r in ROWS)")
    winner = ANSWERS['winner'].replace("board[0:3]", "board[W_ROW:W_ROW + 3]")
    count = ANSWERS['count_boxes'].replace("[('BBB...WWW', 'W')]", '[(START, "W")]')
    assert count != ANSWERS['count_boxes'] and winner != ANSWERS['winner']
    cells = [('code', preamble), ('code', mirror), ('code', winner), ('code', count)]
    path = tmp_path / 'values.ipynb'
    path.write_text(notebook(cells), encoding='utf-8')
    one = tmp_path / 'values.py'
    one.write_text(one_file(cells), encoding='utf-8')
    for graded in (_grade(path), _grade(one)):
        assert all(_full(graded[name]) for name in NAMES), {
            n: graded[n].problem for n in NAMES}


def test_a_star_comment_inside_a_string_is_no_heading(tmp_path: Path) -> None:
    text = ('"""My homework.\n# \u2605\u2605 Who has won?: done\n"""\n\n' + ANSWERS['mirror'] +
            '\n\n# \u2605\u2605 Who has won?\n' + ANSWERS['winner'])
    path = tmp_path / 'homework.py'
    path.write_text(text, encoding='utf-8')
    results = _grade(path)
    assert _full(results['mirror']) and _full(results['winner'])


def test_a_heading_naming_two_exercises_names_neither(tmp_path: Path) -> None:
    cells = [('md', '## Exercises \u2605 and \u2605\u2605'), ('code', PLANTED['mirror']),
             ('code', ANSWERS['winner']), ('md', LESSON_HEADINGS[2]),
             ('code', ANSWERS['count_boxes'])]
    path = tmp_path / 'two.ipynb'
    path.write_text(notebook(cells), encoding='utf-8')
    results = _grade(path)
    assert [name for name in NAMES if not _full(results[name])] == ['mirror']
    assert results['mirror'].misconception == 'whole string reversed'



def test_the_kits_own_helper_is_no_answer_even_without_headings(tmp_path: Path) -> None:
    # a student who wrote winner and count_boxes in the ★★★ stub, and no mirror at all
    kit_count = kit_stubs()['count_boxes']
    answer = ANSWERS['count_boxes'][ANSWERS['count_boxes'].index('def count_boxes('):]
    written = kit_count[:kit_count.index('def count_boxes(')] + answer
    cells = [('code', ANSWERS['winner']), ('code', written)]
    path = tmp_path / 'no_mirror.ipynb'
    path.write_text(notebook(cells), encoding='utf-8')
    results = _grade(path)
    assert results['mirror'].points == 0
    assert results['mirror'].problem == 'no_mirror.ipynb does not define mirror(board)'
    assert _full(results['winner']) and _full(results['count_boxes'])
