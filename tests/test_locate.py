"""Finding and loading each exercise's source (autograder/submission/locate.py,
notebooks.py), and what a student reads when that fails: each problem sinks its own
exercise only."""
from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

from autograder.calls.limits import Limits
from autograder.exercises import BY_NAME
from autograder.grading import grade_exercise, grade_submission
from autograder.kit.paths import KIT, SOLUTIONS
from autograder.records import ExerciseResult, SubmissionResult
from autograder.sandbox.isolation import FLOOR
from autograder.settings.config import EXERCISE_NAMES, Config
from autograder.submission.locate import Missing, Source, locate
from autograder.submission.notebooks import notebook_source
from autograder.submission.sections import bindings_of, parse_block

MIRROR = (SOLUTIONS / 'mirror.py').read_text(encoding='utf-8')
WINNER = (SOLUTIONS / 'winner.py').read_text(encoding='utf-8')
COUNT = (SOLUTIONS / 'count_boxes.py').read_text(encoding='utf-8')


def _write(folder: Path, files: dict[str, str | bytes]) -> Path:
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        path = folder / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode('utf-8'))
    return folder


def _grade(path: Path, config: Config = Config()) -> dict[str, ExerciseResult]:
    result: SubmissionResult = grade_submission(path, config, FLOOR)
    return {exercise.exercise: exercise for exercise in result.exercises}


def _full(result: ExerciseResult) -> bool:
    return result.problem is None and result.points == result.max_points


def _problem_shown(result: ExerciseResult) -> str:
    """What the student reads under "is there and loads"."""
    loads = result.checks[0]
    assert loads.name == 'loads' and loads.status == 'failed' and loads.finding is not None
    assert all(check.status == 'skipped' for check in result.checks[1:])
    assert result.points == 0
    return loads.finding.summary


# -- where the source comes from ------------------------------------------------------

def test_a_folder_with_some_of_the_files(tmp_path: Path) -> None:
    folder = _write(tmp_path / 'kit', {'winner.py': WINNER, 'hexapawn.py': 'x = 1\n'})
    results = _grade(folder)
    assert _full(results['winner'])
    assert _problem_shown(results['mirror']) == 'there is no mirror.py here'
    assert _problem_shown(results['count_boxes']) == 'there is no count_boxes.py here'
    assert [flag.kind for flag in results['mirror'].flags] == ['not found']


def _without(text: str, function: str) -> str:
    """`text` with the top-level definition of `function` taken out."""
    start = text.index(f'def {function}(')
    end = text.find('\ndef ', start)
    return text[:start] + (text[end + 1:] if end >= 0 else '')


def test_one_py_file_holding_every_function(tmp_path: Path) -> None:
    # count_boxes uses the student's own mirror, not a second copy of it
    whole = '\n'.join(_without(COUNT, 'mirror') if name == 'count_boxes' else
                      (SOLUTIONS / f'{name}.py').read_text(encoding='utf-8')
                      for name in EXERCISE_NAMES)
    path = _write(tmp_path, {'homework.py': whole})
    results = _grade(path / 'homework.py')
    assert all(_full(results[name]) for name in EXERCISE_NAMES)
    assert all(_full(r) for r in _grade(path).values()), 'a folder with one .py file'


def test_the_stubs_in_one_file_are_each_graded_from_their_own_section(tmp_path: Path
                                                                       ) -> None:
    # count_boxes.py's stub brings its own mirror: it must not answer for the student's
    stubs = '\n'.join((KIT / f'{name}.py').read_text(encoding='utf-8')
                      for name in EXERCISE_NAMES)
    results = _grade(_write(tmp_path, {'all.py': stubs}) / 'all.py')
    assert results['mirror'].misconception == 'unchanged board'
    assert results['count_boxes'].misconception == 'stub answer'
    assert all(result.points == 0 and result.problem is None for result in results.values())
    first = stubs.split('\n').index('def mirror(board):') + 1
    assert results['mirror'].origin == (
        f'graded from lines {first}-{first + 2} of all.py, with the imports and definitions '
        f'above them')


def test_the_games_own_mirror_is_not_an_answer(tmp_path: Path) -> None:
    results = _grade(_write(tmp_path, {'mirror.py': 'from hexapawn import mirror\n'}))
    assert _problem_shown(results['mirror']) == (
        'mirror comes from an import on line 1 of mirror.py: the exercise is to write mirror '
        'yourself')


def test_a_functions_shape_is_its_tree_however_often_and_wherever_it_is_written() -> None:
    """The shape that tells a copy of the kit's helper is worked out once per text it is
    written in: the same lines further down a file (or in another) give the same
    shape, decorators included, and other lines their own."""
    helper = '@cache\ndef mirror(board):\n    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n'
    blocks = [parse_block(helper, 1), parse_block('x = 1\n\n' + helper + '# done\n', 40),
              parse_block('\n' + helper.replace('[8:5:-1]', '[6:9]'), 3),
              parse_block(helper.replace('@cache\n', ''), 7)]
    functions = [s for block in blocks for s in block or () if s.kind == 'function']
    assert [s.shape for s in functions] == [ast.dump(s.node) for s in functions if s.node]
    first, again, changed, bare = (s.shape for s in functions)
    assert first == again and len({first, changed, bare}) == 3
    # a bare \r ends a line for the parser but not for a split on \n: such a text's
    # functions are dumped as they are, never mistaken for one another
    old_mac = [s for text in ('x = 1\rdef f():\r    return 2\r', 'y = 1\rdef g():\r    return 3\r')
               for s in parse_block(text, 1) or () if s.kind == 'function']
    assert [s.shape for s in old_mac] == [ast.dump(s.node) for s in old_mac if s.node]
    assert old_mac[0].shape != old_mac[1].shape


def test_a_notebook_with_magics_and_shell_lines(tmp_path: Path) -> None:
    cells = [
        {'cell_type': 'markdown', 'source': ['# My hexapawn homework']},
        {'cell_type': 'code', 'source': ['%load_ext autoreload\n', '!pip install numpy\n',
                                         MIRROR]},
        {'cell_type': 'code', 'source': '%%time\nprint(mirror("BBB...WWW"))\n'},
        {'cell_type': 'code', 'source': WINNER + '\nfor i in range(2):\n    !echo hi\n'},
    ]
    path = _write(tmp_path, {'hexapawn.ipynb': json.dumps({'cells': cells})})
    results = _grade(path / 'hexapawn.ipynb')
    assert _full(results['mirror']) and _full(results['winner'])
    assert _problem_shown(results['count_boxes']) == \
        'hexapawn.ipynb does not define count_boxes(use_mirror)'


def test_notebook_lines_keep_their_numbers() -> None:
    cell = {'cell_type': 'code', 'source': ['%matplotlib inline\n', 'def f():\n',
                                            '    !ls\n', '    return 1\n']}
    text = notebook_source(json.dumps({'cells': [cell]}), 'nb.ipynb')
    assert text.splitlines() == ['pass', 'def f():', '    pass', '    return 1']


def test_a_file_that_is_not_a_notebook(tmp_path: Path) -> None:
    path = _write(tmp_path, {'homework.ipynb': '{"cells": '})
    located = locate(path / 'homework.ipynb', EXERCISE_NAMES)
    assert located['mirror'] == Missing('homework.ipynb is not a notebook that can be read '
                                        '(it is not valid JSON)')


# -- what goes wrong, and what the student reads ----------------------------------------

def test_a_missing_function(tmp_path: Path) -> None:
    folder = _write(tmp_path, {'mirror.py': 'def turn(board):\n    return board[::-1]\n'})
    assert _problem_shown(_grade(folder)['mirror']) == 'mirror.py does not define mirror(board)'


def test_a_syntax_error_names_its_line(tmp_path: Path) -> None:
    folder = _write(tmp_path, {'mirror.py': 'def mirror(board):\n    top = (board[0:3]\n'
                                            '    return top\n',
                               'winner.py': WINNER})
    results = _grade(folder)
    assert _problem_shown(results['mirror']) == \
        "mirror.py has a syntax error on line 2: '(' was never closed"
    assert _full(results['winner'])


def test_a_misspelt_function_name(tmp_path: Path) -> None:
    folder = _write(tmp_path, {'mirror.py': 'def mirorr(board):\n    return board\n',
                               'winner.py': WINNER.replace('def winner(', 'def Winner(')})
    results = _grade(folder)
    assert _problem_shown(results['mirror']) == \
        'mirror.py defines mirorr, not mirror: did you mean `mirror`?'
    assert _problem_shown(results['winner']) == \
        'winner.py defines Winner, not winner: did you mean `winner`?'


def test_a_misspelt_file_name(tmp_path: Path) -> None:
    folder = _write(tmp_path, {'miror.py': MIRROR, 'winner.py': WINNER})
    results = _grade(folder)
    assert _problem_shown(results['mirror']) == \
        'there is no mirror.py: did you mean to name miror.py mirror.py?'
    assert _full(results['winner'])


def test_a_wrong_signature(tmp_path: Path) -> None:
    folder = _write(tmp_path, {'winner.py': 'def winner(board):\n    return ""\n'})
    assert _problem_shown(_grade(folder)['winner']) == \
        'winner(board) takes 1 argument, but the exercise calls winner(board, side)'


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    folder = _write(tmp_path, {'mirror.py': b'def mirror(board):\n    # \xe9t\xe9\n'
                                            b'    return board\n'})
    assert _problem_shown(_grade(folder)['mirror']) == \
        'mirror.py is not UTF-8 text (byte 0xe9 on line 2); save it as UTF-8'


def test_an_empty_file(tmp_path: Path) -> None:
    folder = _write(tmp_path, {'mirror.py': '\n  \n', 'winner.py': WINNER})
    results = _grade(folder)
    assert _problem_shown(results['mirror']) == 'mirror.py is empty'
    assert _full(results['winner'])


def test_an_exception_while_loading(tmp_path: Path) -> None:
    folder = _write(tmp_path, {'mirror.py': MIRROR + '\nprint(board)\n'})
    assert _problem_shown(_grade(folder)['mirror']) == \
        "mirror.py raised NameError: name 'board' is not defined (line 11) while loading"
    # a line that only tries mirror is not run while grading (see `tries`), whatever
    # it would raise: the answer above it is graded
    folder = _write(tmp_path / 'tried', {'mirror.py': MIRROR + '\nprint(mirror(board))\n'})
    assert _full(_grade(folder)['mirror'])


def test_bom_crlf_and_tabs_just_work(tmp_path: Path) -> None:
    tabbed = MIRROR.replace('    ', '\t')
    source = ('\ufeff' + tabbed).replace('\n', '\r\n').encode('utf-8')
    folder = _write(tmp_path, {'mirror.py': source})
    located = locate(folder, ('mirror',))['mirror']
    assert located == Source(tabbed, 'mirror.py')
    assert _full(_grade(folder)['mirror'])


def test_a_hang_at_import_sinks_only_its_own_exercise(tmp_path: Path) -> None:
    # loading may compute for 2 s at least, unless the whole file has less
    folder = _write(tmp_path, {'mirror.py': 'while True:\n    pass\n' + MIRROR,
                               'winner.py': WINNER, 'count_boxes.py': COUNT})
    config = replace(Config(), limits=Limits(call_seconds=0.5, file_seconds=1.5))
    results = _grade(folder, config)
    assert _problem_shown(results['mirror']) == ('mirror.py did not finish loading within 1.5 s: '
                                                 'is there an endless loop outside the '
                                                 'functions?')
    assert [flag.kind for flag in results['mirror'].flags] == ['timeout']
    assert _full(results['winner']) and _full(results['count_boxes'])


def test_the_kit_files_are_not_taken_for_a_submission(tmp_path: Path) -> None:
    # beside the game file and the test file, a lone mirror.py is not "one file for all"
    folder = _write(tmp_path, {
        'hexapawn.py': (KIT / 'hexapawn.py').read_text(encoding='utf-8'),
        'test_exercises.py': 'def test_nothing():\n    pass\n',
        'mirror.py': MIRROR})
    located = locate(folder, EXERCISE_NAMES)
    assert located['winner'] == Missing('there is no winner.py here')
    assert located['mirror'] == Source(MIRROR, 'mirror.py')


def test_one_exercise_loaded_alone(tmp_path: Path) -> None:
    folder = _write(tmp_path, {'count_boxes.py': COUNT})
    located = locate(folder, EXERCISE_NAMES)['count_boxes']
    result = grade_exercise(BY_NAME['count_boxes'], located, Config(), FLOOR)
    assert _full(result)


def test_a_function_written_again_further_down_is_graded_as_the_last_one(tmp_path: Path
                                                                         ) -> None:
    first_try = 'def mirror(board):\n    return board[::-1]\n\n'
    results = _grade(_write(tmp_path, {'mirror.py': first_try + MIRROR}))
    assert _full(results['mirror'])


def test_an_import_after_the_answer_is_what_python_keeps(tmp_path: Path) -> None:
    # count_boxes' part of a one-file hand-in takes the game's mirror after the answer
    text = MIRROR + '\nfrom hexapawn import has_lost, mirror, moves, play\n'
    results = _grade(_write(tmp_path, {'mirror.py': text}))
    line = text.count('\n')
    assert _problem_shown(results['mirror']) == (
        f'mirror comes from an import on line {line} of mirror.py: the exercise is to write '
        f'mirror yourself')


def test_a_file_parsed_whole_carries_its_bindings(tmp_path: Path) -> None:
    """The cut's parse tells where the file binds each name, as parsing the same text
    again would; a notebook's cells and a file that does not parse are parsed again."""
    text = MIRROR + '\nfrom hexapawn import has_lost, mirror as m, moves\nX: int = 1\n'
    located = locate(_write(tmp_path, {'mirror.py': text}), EXERCISE_NAMES)['mirror']
    assert isinstance(located, Source) and located.bindings is not None
    assert located.bindings == bindings_of(located.text)
    assert located.bindings['m'] == (('import', text.count('\n') - 1),)
    broken = locate(_write(tmp_path / 'broken', {'mirror.py': MIRROR + 'def (\n'}),
                    EXERCISE_NAMES)['mirror']
    assert isinstance(broken, Source) and broken.bindings is None
    cell = {'cell_type': 'code', 'source': MIRROR, 'metadata': {}, 'outputs': []}
    book = _write(tmp_path / 'book', {'mirror.ipynb': json.dumps({'cells': [cell]})})
    in_cells = locate(book / 'mirror.ipynb', EXERCISE_NAMES)['mirror']
    assert isinstance(in_cells, Source) and in_cells.bindings is None


# the kit's own mirror, imported, where the student's code makes the child's parser see
# nothing: the import must still be seen, whichever way the file is handed in
UNSEEN_IMPORT = ('import ast\n'
                 'ast.parse = lambda *args, **kwargs: ast.Module(body=[], type_ignores=[])\n'
                 'from hexapawn import mirror\n')


def test_an_import_hidden_from_the_childs_parser_is_still_seen(tmp_path: Path) -> None:
    alone = _grade(_write(tmp_path / 'alone', {'mirror.py': UNSEEN_IMPORT}))
    assert _problem_shown(alone['mirror']).startswith('mirror comes from an import on line 3')
    cell = {'cell_type': 'code', 'source': UNSEEN_IMPORT, 'metadata': {}, 'outputs': []}
    book = _write(tmp_path / 'book', {'mirror.ipynb': json.dumps({'cells': [cell]})})
    assert _problem_shown(_grade(book / 'mirror.ipynb')['mirror']).startswith(
        'mirror comes from an import on line 3 of cell 1')
    one_file = _write(tmp_path / 'one', {'all.py': '# ★ mirror\n' + UNSEEN_IMPORT +
                                         '\n# ★★ winner\n' + WINNER})
    shown = _problem_shown(_grade(one_file)['mirror'])
    assert shown.startswith('mirror comes from an import on line 4'), shown
