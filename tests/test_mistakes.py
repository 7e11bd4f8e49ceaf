"""Known mistakes: every catalogue entry has a piece that is diagnosed as it, with its hint.

The pieces live in autograder/sample_class/pieces/<exercise>/<mistake>.py (see
graded_pieces.py); the catalogues in autograder/exercises/<exercise>.py.
"""
from __future__ import annotations

import pytest

from autograder.checking.probe import Probe
from autograder.diagnosis.mistakes import Mistake, diagnose
from autograder.exercises import BY_NAME, EXERCISES
from autograder.exercises.spec import Exercise
from autograder.grading import grade_exercise
from autograder.kit.paths import SOLUTIONS, game_file
from autograder.render import gradescope, terminal
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import StudentProcess
from autograder.settings.config import Config
from autograder.submission.locate import Source

from graded_pieces import FLAGGED, PIECES, graded, pieces, snake, submission

CASES = [(exercise, mistake) for exercise in EXERCISES for mistake in exercise.catalogue]


def _id(case: object) -> str:
    return case.name if isinstance(case, (Exercise, Mistake)) else str(case)


@pytest.mark.parametrize(('exercise', 'mistake'), CASES, ids=_id)
def test_the_piece_is_diagnosed_as_its_mistake(exercise: Exercise, mistake: Mistake) -> None:
    key = f'{exercise.name}/{snake(mistake.name)}'
    assert key in graded(), f'no piece {key}.py for the mistake "{mistake.name}"'
    result = graded()[key]
    assert result.problem is None, result.problem
    assert result.misconception == mistake.name
    failed = [check for check in result.checks if check.status == 'failed']
    assert failed, 'a mistake must fail at least one check'
    for check in failed:
        assert check.finding is not None
        assert check.finding.hint == mistake.hint, check.name
        assert check.finding.misconception == mistake.name, check.name
    assert f'hint: {mistake.hint}' in terminal.render(submission(result))


@pytest.mark.parametrize(('exercise', 'mistake'), CASES, ids=_id)
def test_the_json_names_the_mistake_on_failed_tests(exercise: Exercise,
                                                    mistake: Mistake) -> None:
    result = graded()[f'{exercise.name}/{snake(mistake.name)}']
    tests = gradescope.results_json(submission(result))['tests']
    # Gradescope knows only passed and failed: a skipped check shows as failed there
    failed = [test for test in tests if test['extra_data']['state'] == 'failed']
    assert failed and all(test['status'] == 'failed' for test in failed)
    for test in failed:
        assert test['extra_data']['exercise'] == exercise.name
        assert test['extra_data']['misconception'] == mistake.name
        assert f'hint: {mistake.hint}' in test['output']
    assert all('misconception' not in test['extra_data']
               for test in tests if test['extra_data']['state'] != 'failed')


# -- completeness -------------------------------------------------------------------

def test_every_catalogue_mistake_has_a_piece() -> None:
    have = {piece.key for piece in pieces()}
    missing = [f'{e.name}/{snake(m.name)}.py' for e, m in CASES
               if f'{e.name}/{snake(m.name)}' not in have]
    assert not missing, f'mistakes without a piece: {missing}'


def test_every_piece_is_correct_flagged_or_a_catalogue_mistake() -> None:
    named = {f'{e.name}/{snake(m.name)}' for e, m in CASES}
    strays = [piece.key for piece in pieces()
              if not piece.correct and piece.key not in named | FLAGGED]
    assert not strays, f'pieces that name no catalogue mistake: {strays}'
    assert {piece.exercise for piece in pieces()} == set(BY_NAME)


def test_each_exercise_knows_at_least_eight_mistakes() -> None:
    for exercise in EXERCISES:
        assert len(exercise.catalogue) >= 8, exercise.name
        names = [snake(mistake.name) for mistake in exercise.catalogue]
        assert len(set(names)) == len(names), f'{exercise.name}: two mistakes share a file name'
        hints = [mistake.hint for mistake in exercise.catalogue]
        assert len(set(hints)) == len(hints), f'{exercise.name}: two mistakes share a hint'


def test_positions_seen_kept_between_calls_is_not_use_mirror_ignored() -> None:
    # With the positions seen kept too, every later call finds nothing new and repeats
    # the first answer: from the outside it looks like use_mirror ignored, which it is not.
    source = (PIECES / 'count_boxes' / 'global_not_reset.py').read_text(encoding='utf-8')
    source = source.replace('    seen = set()\n', '').replace('boxes = {}', 'seen = set()\nboxes = {}')
    assert source.count('seen = set()') == 1 and source.index('seen = set()') < \
        source.index('def count_boxes')
    result = grade_exercise(BY_NAME['count_boxes'], Source(source, 'count_boxes.py'),
                            Config(), FLOOR)
    assert result.misconception == 'global not reset'
    assert [c.name for c in result.checks if c.status == 'failed'] == ['without_mirror']


@pytest.mark.parametrize('exercise', EXERCISES, ids=_id)
def test_no_mistake_is_recognised_in_the_model_answer(exercise: Exercise) -> None:
    config = Config()
    source = (SOLUTIONS / exercise.filename).read_text(encoding='utf-8')
    with StudentProcess(config.limits, FLOOR) as process:
        loaded = process.load(source, exercise.filename, {'hexapawn': game_file()})
        assert loaded.error is None
        probe = Probe(process, exercise.name, config.properties)
        for check in exercise.checks:
            check.run(probe)  # the model answer passes; the probe now holds its answers
        assert diagnose(exercise.catalogue, probe) is None


@pytest.mark.parametrize('returns, recognised', [
    ('len(board) == 9', True), ('1', False), ('(True,)[0]', True), ('[True][0] and 1', False),
])
def test_a_recogniser_matches_exact_types(returns: str, recognised: bool) -> None:
    """True is not 1 to a recogniser, though they are equal."""
    from autograder.diagnosis.mistakes import behaves_like
    from autograder.exercises.mirror.domain import SAMPLE
    with StudentProcess(Config().limits, FLOOR) as child:
        assert child.load(f'def mirror(board):\n    return {returns}\n', 'mirror.py',
                          {'hexapawn': game_file()}).error is None
        probe = Probe(child, 'mirror', Config().properties)
        assert behaves_like(lambda board: True, SAMPLE)(probe) is recognised
