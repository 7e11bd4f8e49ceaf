"""Grading one submission: gates, scores, and the grader's own errors (autograder/grading/)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from autograder.checking.failures import Failure
from autograder.checking.probe import Probe
from autograder.checking.properties import Property
from autograder.checking.recording import recorded_now
from autograder.errors import GraderError
from autograder.exercises import BY_NAME
from autograder.exercises.spec import Exercise
from autograder.grading import grade_exercise, grade_submission, shares
from autograder.kit import paths as kit
from autograder.records import ExerciseResult
from autograder.sandbox.isolation import FLOOR
from autograder.settings.config import Config
from autograder.sharing.shared_work import SharedWork
from autograder.submission.locate import Missing, Source

PROJECT = Path(__file__).resolve().parents[1]
CONFIG = Config()
IDENTITY = Source('def mirror(board):\n    return board\n', 'mirror.py')


def test_a_failed_gate_skips_the_checks_that_need_it_with_a_reason() -> None:
    result = grade_exercise(BY_NAME['mirror'], IDENTITY, CONFIG, FLOOR)
    by_name = {check.name: check for check in result.checks}
    assert by_name['lesson_example'].status == 'failed'
    assert by_name['own_inverse'].status == 'skipped'
    assert by_name['own_inverse'].reason == \
        'needs "mirror reverses each row of every board (all 3^9 of them)" to pass first'
    assert result.points == 0


def test_points_follow_the_config_and_the_check_weights() -> None:
    config = replace(CONFIG, points={**CONFIG.points, 'winner': 8.0})
    always_empty = Source("def winner(board, side):\n    return ''\n", 'winner.py')
    result = grade_exercise(BY_NAME['winner'], always_empty, config, FLOOR)
    assert result.max_points == 8.0
    assert result.points == 0.0
    assert round(sum(check.max_points for check in result.checks), 1) == 8.0


def test_full_marks_for_the_model_answers_and_none_for_the_stubs() -> None:
    solved = grade_submission(PROJECT / 'solutions', CONFIG, FLOOR)
    stubs = grade_submission(PROJECT / 'exercises', CONFIG, FLOOR)
    assert solved.points == solved.max_points == sum(CONFIG.points.values())
    assert solved.all_passed
    assert [e.points for e in stubs.exercises] == [0] * len(CONFIG.points)
    assert not stubs.all_passed


def test_a_file_several_students_hand_in_is_graded_once_per_batch(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for student, winner in (('ada', 'solutions'), ('bob', 'exercises')):
        (tmp_path / student).mkdir()
        for name in CONFIG.points:  # the same files for both, but winner.py
            folder = winner if name == 'winner' else 'solutions'
            (tmp_path / student / f'{name}.py').write_bytes(
                (PROJECT / folder / f'{name}.py').read_bytes())
    graded: list[str] = []

    def counted(exercise: Exercise, *args: Any, **options: Any) -> ExerciseResult:
        graded.append(exercise.name)
        return grade_exercise(exercise, *args, **options)
    monkeypatch.setattr('autograder.grading.submission.grade_exercise', counted)
    work = SharedWork()  # a batch worker's
    ada = grade_submission(tmp_path / 'ada', CONFIG, FLOOR, work)
    bob = grade_submission(tmp_path / 'bob', CONFIG, FLOOR, work)
    assert sorted(graded) == sorted([*CONFIG.points, 'winner'])  # once, winner twice
    total = sum(CONFIG.points.values())
    assert (ada.points, bob.points) == (total, total - CONFIG.points['winner'])
    assert ada.exercises[0] == bob.exercises[0]


def test_a_missing_exercise_is_listed_with_its_reason_and_others_are_graded() -> None:
    result = grade_exercise(BY_NAME['winner'], Missing('there is no winner.py here'), CONFIG,
                            FLOOR)
    assert result.problem == 'there is no winner.py here'
    assert [flag.kind for flag in result.flags] == ['not found']
    assert result.checks[0].status == 'failed'
    assert all(check.status == 'skipped' for check in result.checks[1:])


def test_a_check_that_crashes_is_the_graders_error_not_the_students(
        monkeypatch: pytest.MonkeyPatch) -> None:
    exercise = BY_NAME['mirror']

    def broken(probe: Probe) -> None:
        raise KeyError('oops')
    checks = (replace(exercise.checks[0], run=broken),) + exercise.checks[1:]
    with pytest.raises(GraderError, match=r'the check "returns_board" of mirror crashed: '
                                          r"KeyError: 'oops'"):
        grade_exercise(replace(exercise, checks=checks), IDENTITY, CONFIG, FLOOR)


def test_a_missing_game_file_is_the_graders_error(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    kit.game_file.cache_clear()
    monkeypatch.setattr(kit, 'KIT', tmp_path)
    try:
        with pytest.raises(GraderError, match='the game file .* is missing') as caught:
            kit.game_file()
        assert caught.value.tip == 'reinstall hexgrade: pip install -e . in its source folder'
    finally:
        kit.game_file.cache_clear()


def test_inputs_that_json_would_change_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def pairs() -> object:
        from hypothesis import strategies as st
        return st.tuples(st.integers(), st.integers())
    tuples = Property('test.tuples', pairs)
    exercise = replace(BY_NAME['winner'], properties=(tuples,))
    monkeypatch.setattr('autograder.checking.recording.EXERCISES', (exercise,))
    with pytest.raises(ValueError, match='the inputs of test.tuples do not survive JSON'):
        recorded_now()


def test_the_catalogue_crashing_is_the_graders_error() -> None:
    def broken(probe: Probe) -> bool:
        raise ZeroDivisionError('catalogue')
    exercise = replace(BY_NAME['mirror'],
                       catalogue=(replace(BY_NAME['mirror'].catalogue[0], recognise=broken),))
    with pytest.raises(GraderError, match='the known-mistake catalogue of mirror crashed: '
                                          'ZeroDivisionError: catalogue'):
        grade_exercise(exercise, IDENTITY, CONFIG, FLOOR)


def test_a_decorated_function_is_graded_like_any_other() -> None:
    cached = Source('import functools\n\n@functools.lru_cache(maxsize=None)\n'
                    'def mirror(board):\n'
                    '    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n', 'mirror.py')
    result = grade_exercise(BY_NAME['mirror'], cached, CONFIG, FLOOR)
    assert result.points == result.max_points


@pytest.mark.parametrize('body, summary, hint', [
    ('    return {}[board]',
     "mirror('BB..W.W.W') raised KeyError: 'BB..W.W.W' (line 2)",
     'Your function stopped with an error. Paste the call above into Python to see the '
     'error and the line it comes from.'),
    ('    return input()',
     "mirror('BB..W.W.W') raised EOFError: EOF when reading a line (line 2)",
     'Your function calls input(), but nobody is there to type: take input() out.'),
])
def test_a_call_that_raises_gets_a_hint_for_that(body: str, summary: str, hint: str) -> None:
    source = Source(f'def mirror(board):\n{body}\n', 'mirror.py')
    result = grade_exercise(BY_NAME['mirror'], source, CONFIG, FLOOR)
    first = result.checks[1]
    assert first.finding is not None
    assert (first.finding.summary, first.finding.hint) == (summary, hint)


def test_input_while_loading_says_so() -> None:
    source = Source('name = input()\n\ndef mirror(board):\n    return board\n', 'mirror.py')
    result = grade_exercise(BY_NAME['mirror'], source, CONFIG, FLOOR)
    assert result.problem == ('mirror.py calls input() while loading, but nobody is there to '
                              'type: take input() out')


def test_check_points_add_up_to_the_exercises_points() -> None:
    for name, exercise in BY_NAME.items():
        for total in (3.0, 10.0 / 3, 7.77):
            worth = shares(round(total, 2), exercise.checks)
            assert round(sum(worth), 2) == round(total, 2), name
            assert all(abs(w - total * c.weight / sum(x.weight for x in exercise.checks)) < 0.01
                       for w, c in zip(worth, exercise.checks))


def test_a_file_graded_once_for_a_batch_is_keyed_by_the_files_it_imports(
        tmp_path: Path) -> None:
    # the same count_boxes.py, using each student's own mirror.py: one right, one a stub
    solution = (PROJECT / 'solutions' / 'count_boxes.py').read_text(encoding='utf-8')
    start = solution.index('def mirror(board):')
    end = solution.index('def count_boxes(use_mirror):')
    boxes = 'from mirror import mirror\n' + solution[:start] + solution[end:]
    scores = {}
    work = SharedWork()
    for name, mirror in (('right', PROJECT / 'solutions' / 'mirror.py'),
                         ('stub', PROJECT / 'exercises' / 'mirror.py')):
        folder = tmp_path / name
        folder.mkdir()
        (folder / 'count_boxes.py').write_text(boxes, encoding='utf-8')
        (folder / 'mirror.py').write_text(mirror.read_text(encoding='utf-8'), encoding='utf-8')
        result = grade_submission(folder, CONFIG, FLOOR, work)
        scores[name] = {e.exercise: e.points for e in result.exercises}['count_boxes']
    assert scores['right'] == CONFIG.points['count_boxes']
    assert scores['stub'] < scores['right']  # its own mirror is the stub's


def test_a_lone_surrogate_in_the_answers_is_graded_as_any_wrong_answer() -> None:
    odd = Source('def mirror(board):\n    return "\\ud800" + board[1:]\n', 'mirror.py')
    result = grade_exercise(BY_NAME['mirror'], odd, CONFIG, FLOOR, fingerprinted=True)
    assert result.points == 0 and not result.flags and result.problem is None
    assert result.fingerprint is not None


def test_a_failing_check_leaves_no_grading_in_a_reference_cycle() -> None:
    """A failure kept as a check's status must not hold the frames of the grading (and
    with them the probe and every answer) in a cycle that only the garbage collector
    frees: that cost each worker tens of milliseconds a round."""
    import gc

    wrong = Source('def mirror(board):\n    return board[::-1]\n', 'mirror.py')
    gc.collect()
    gc.disable()
    try:
        result = grade_exercise(BY_NAME['mirror'], wrong, CONFIG, FLOOR)
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        # the grader's own: a thread another test left may make garbage of its own
        left = [o for o in gc.garbage if isinstance(o, Failure) or type(o).__name__ == 'frame'
                and o.f_code.co_filename.startswith(str(PROJECT / 'autograder'))]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert any(check.status == 'failed' for check in result.checks)
    assert left == []


COUNTS_KEPT_OUTSIDE = '''from hexapawn import has_lost, mirror, moves, play

boxes = set()


def count_boxes(use_mirror):
    todo = [('BBB...WWW', 'W')]
    seen = set()
    while todo:
        board, side = todo.pop()
        if (board, side) in seen or has_lost(board, side):
            continue
        seen.add((board, side))
        if side == 'B':
            boxes.add(board)
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    return [len(boxes), sum(len(moves(b, 'B')) for b in boxes)]
'''
RIGHT_ONLY_WITH_MIRROR = '''from hexapawn import mirror


def count_boxes(use_mirror):
    return [19, 47] if use_mirror else [36, 88]
'''


@pytest.mark.parametrize('source', [
    (PROJECT / 'solutions' / 'count_boxes.py').read_text(encoding='utf-8'),
    (PROJECT / 'autograder' / 'sample_class' / 'pieces' / 'count_boxes' /
     'ended_positions_counted.py').read_text(encoding='utf-8'),
    COUNTS_KEPT_OUTSIDE, RIGHT_ONLY_WITH_MIRROR,
], ids=['right', 'a known mistake', 'kept outside', 'wrong only without the mirror'])
def test_count_boxes_is_asked_at_most_four_times_whatever_its_answers(
        source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow right search takes seconds a call: the checks, the diagnosis and the flags
    share its answers, in the file's child and in any child of its own."""
    from autograder.sandbox.process import StudentProcess
    asked: list[Any] = []
    call = StudentProcess.call

    def counted(self: StudentProcess, name: str, args: Any, *rest: Any, **options: Any) -> Any:
        if name == 'count_boxes':
            asked.extend(args)
        return call(self, name, args, *rest, **options)
    monkeypatch.setattr(StudentProcess, 'call', counted)
    monkeypatch.setattr(StudentProcess, 'lines', lambda self, name, args: asked.extend(args) or [])
    grade_exercise(BY_NAME['count_boxes'], Source(source, 'count_boxes.py'), CONFIG, FLOOR)
    assert 2 <= len(asked) <= 4, asked


@pytest.mark.parametrize('shape', ['file', 'notebook'])
def test_a_try_left_below_the_answer_is_not_run_while_grading(
        shape: str, tmp_path: Path) -> None:
    """`print(count_boxes(True))` below a right answer (the lesson's own layout) is the
    student trying it: run at load, a slow search would pay once more in its child,
    and again in each child its file is loaded into afresh."""
    import os
    import tempfile
    shared = Path(tempfile.mkdtemp(prefix='hexgrade-calls-'))  # the child runs as another
    shared.chmod(0o777)                                      # user, where it is root
    log = shared / 'calls.log'
    log.touch(mode=0o666)
    log.chmod(0o666)
    answer = (PROJECT / 'solutions' / 'count_boxes.py').read_text(encoding='utf-8')
    counted = answer.replace('def count_boxes(use_mirror):\n',
                             f'def count_boxes(use_mirror):\n'
                             f'    open({str(log)!r}, "a").write("call\\n")\n', 1)
    tries = 'print(count_boxes(True))\nprint(count_boxes(False))\n'
    if shape == 'file':
        path = tmp_path / 'count_boxes.py'
        path.write_text(counted + '\n\n' + tries, encoding='utf-8')
    else:
        import json
        cells = [{'cell_type': 'markdown', 'metadata': {}, 'source': '## ★★★ count_boxes'},
                 {'cell_type': 'code', 'metadata': {}, 'execution_count': None,
                  'outputs': [], 'source': counted},
                 {'cell_type': 'code', 'metadata': {}, 'execution_count': None,
                  'outputs': [], 'source': tries}]
        path = tmp_path / 'hexapawn.ipynb'
        path.write_text(json.dumps({'cells': cells, 'metadata': {}, 'nbformat': 4,
                                    'nbformat_minor': 5}), encoding='utf-8')
    from autograder.submission.locate import locate
    result = grade_exercise(BY_NAME['count_boxes'], locate(path, ('count_boxes',))['count_boxes'],
                            CONFIG, FLOOR)
    assert result.points == BY_NAME['count_boxes'].points and not result.flags
    try:
        assert log.read_text().count('call') == 4  # True, False, True again, other rules
    finally:
        os.unlink(log)
        shared.rmdir()


BEHIND_A_LOOP = '''def count_boxes(use_mirror):
    steps = 0
    for step in range(500):  # looks busy
        steps = steps + step
    return [19, 47] if use_mirror else [37, 90]
'''
OWN_RULES = (PROJECT / 'autograder' / 'sample_class' / 'pieces' / 'count_boxes' /
             'correct_own_rules.py').read_text(encoding='utf-8')
SLOWED = OWN_RULES.replace('def count_boxes(use_mirror):\n',
                           'def count_boxes(use_mirror):\n'
                           '    for _ in range(4_000_000):  # a slow machine\n'
                           '        pass\n', 1)


@pytest.mark.parametrize('source, flagged', [
    (BEHIND_A_LOOP, True), (OWN_RULES, False), (SLOWED, False)],
    ids=['fixed numbers behind a loop', 'rules of its own', 'rules of its own, slow'])
def test_a_fixed_answer_is_told_from_a_search_by_what_the_call_does(
        source: str, flagged: bool) -> None:
    """Under other rules both give the same numbers: a search runs its lines by the
    hundred holding board after board; a loop that only runs holds none."""
    assert SLOWED != OWN_RULES
    result = grade_exercise(BY_NAME['count_boxes'], Source(source, 'count_boxes.py'),
                            CONFIG, FLOOR)
    assert result.points == BY_NAME['count_boxes'].points
    assert [flag.kind for flag in result.flags] == (['hard-coded'] if flagged else [])
