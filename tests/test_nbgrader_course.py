"""Writing the nbgrader course (autograder/integrations/nbgrader/course.py, notebook.py, answers.py)
and `hexgrade nbgrader`. The real nbgrader runs it in test_nbgrader_e2e.py."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from autograder.calls.limits import Limits
from autograder.cli import main
from autograder.errors import GraderError, UsageError
from autograder.exercises import BY_NAME, EXERCISES
from autograder.grading import grade_submission
from autograder.integrations.nbgrader import answers
from autograder.integrations.nbgrader.answers import BEGIN, CHECK_LINE, END, answer
from autograder.integrations.nbgrader.course import nbgrader_config, write_course
from autograder.integrations.nbgrader.notebook import assignment_notebook
from autograder.kit.paths import KIT, game_file
from autograder.sandbox.isolation import FLOOR
from autograder.settings.config import DEFAULT_POINTS, Config

CONFIG = Config(points={**DEFAULT_POINTS, 'mirror': 2.0, 'winner': 3.5})


def _cells(notebook: dict) -> dict[str, dict]:
    return {cell['metadata']['nbgrader']['grade_id']: cell for cell in notebook['cells']}


def released(source: str) -> str:
    """What nbgrader's release keeps of an answer cell, with the course's empty stub."""
    return re.sub(rf'{BEGIN}\n.*?{END}', '', source, flags=re.DOTALL)


def test_the_course_holds_settings_notebook_and_game_file(tmp_path: Path) -> None:
    written = write_course(tmp_path, CONFIG)
    assert written == [tmp_path / 'nbgrader_config.py',
                       tmp_path / 'source' / 'hexapawn' / 'hexapawn.ipynb',
                       tmp_path / 'source' / 'hexapawn' / 'hexapawn.py']
    assert written[2].read_text(encoding='utf-8') == game_file()
    notebook = json.loads(written[1].read_text(encoding='utf-8'))
    assert notebook == assignment_notebook(CONFIG)


def test_an_existing_course_is_replaced_only_when_asked(tmp_path: Path) -> None:
    write_course(tmp_path, CONFIG)
    (tmp_path / 'nbgrader_config.py').write_text('edited', encoding='utf-8')
    with pytest.raises(UsageError, match='nbgrader_config.py already exists; hexgrade will '
                                         'not overwrite a course') as raised:
        write_course(tmp_path, CONFIG)
    assert raised.value.tip == 'add --force to replace its files, or give a new folder'
    assert (tmp_path / 'nbgrader_config.py').read_text(encoding='utf-8') == 'edited'
    write_course(tmp_path, CONFIG, force=True)
    assert (tmp_path / 'nbgrader_config.py').read_text(encoding='utf-8') == \
        nbgrader_config(CONFIG)


def test_grading_cells_carry_the_points_and_answer_cells_are_solutions() -> None:
    cells = _cells(assignment_notebook(CONFIG))
    for exercise in EXERCISES:
        test = cells[f'test_{exercise.name}']['metadata']['nbgrader']
        assert (test['grade'], test['solution'], test['locked']) == (True, False, True)
        assert test['points'] == CONFIG.points[exercise.name]
        answer_cell = cells[f'answer_{exercise.name}']['metadata']['nbgrader']
        assert (answer_cell['grade'], answer_cell['solution']) == (False, True)
        assert f"grade({exercise.name!r}," in cells[f'test_{exercise.name}']['source']


def test_the_released_answer_cell_is_the_students_stub() -> None:
    for exercise in EXERCISES:
        stub = (KIT / exercise.filename).read_text(encoding='utf-8')
        expected = re.sub(r'^.*hexgrade check.*$', CHECK_LINE, stub, flags=re.MULTILINE)
        assert released(answer(exercise).source).rstrip() == expected.rstrip()


def test_the_model_answer_does_not_repeat_the_stubs_helpers() -> None:
    source = answer(BY_NAME['count_boxes']).source
    assert source.count('def moves(') == 1
    assert source.count('def count_boxes(') == 2  # the stub's, then the model answer's


def test_the_teachers_notebook_earns_full_marks_with_hexgrade_check(tmp_path: Path) -> None:
    notebook = write_course(tmp_path, Config())[1]
    result = grade_submission(notebook, Config(), FLOOR)
    got = [(e.exercise, e.points) for e in result.exercises]
    assert got == list(DEFAULT_POINTS.items())


def _handed_in(tmp_path: Path, answers_by_exercise: dict[str, str]) -> Path:
    """The released notebook with the given answer cells written in, as a file."""
    notebook = assignment_notebook(Config())
    for cell in notebook['cells']:
        grade_id = cell['metadata']['nbgrader']['grade_id']
        if grade_id.startswith('answer_'):
            cell['source'] = answers_by_exercise.get(grade_id[7:], released(cell['source']))
    path = tmp_path / 'hexapawn.ipynb'
    path.write_text(json.dumps(notebook), encoding='utf-8')
    return path


def test_the_untouched_release_scores_nothing_with_hexgrade_check(tmp_path: Path) -> None:
    # the count_boxes stub brings a correct mirror of its own: it must not count for mirror
    result = grade_submission(_handed_in(tmp_path, {}), Config(), FLOOR)
    assert [e.points for e in result.exercises] == [0.0, 0.0, 0.0]


def test_each_exercise_of_a_notebook_is_graded_from_its_own_cells(tmp_path: Path) -> None:
    hangs = 'while True:\n    pass\n\n\ndef mirror(board):\n    return board[::-1]\n'
    model = answer(BY_NAME['count_boxes']).source  # the stub, then the model answer
    fast = Config(limits=Limits(call_seconds=0.5, file_seconds=2.0))
    result = grade_submission(_handed_in(tmp_path, {'mirror': hangs, 'count_boxes': model}),
                              fast, FLOOR)
    points = {e.exercise: e.points for e in result.exercises}
    assert points == {'mirror': 0.0, 'winner': 0.0, 'count_boxes': 4.0}
    assert 'did not finish loading' in (result.exercises[0].problem or '')


def test_the_nbgrader_settings_give_the_grading_cells_time() -> None:
    text = nbgrader_config(Config())
    assert "c.ClearSolutions.code_stub = {'python': ''}" in text
    assert 'c.OverwriteCells.add_missing_cells = True' in text
    # count_boxes' own file limit, 120 s, is the longest: a slow right search passes
    assert 'c.Execute.timeout = 150\n' in text


def test_a_missing_kit_file_is_our_error(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(answers, 'KIT', tmp_path)
    with pytest.raises(GraderError, match=r'mirror.py cannot be read \(No such file or '
                                          r'directory\), so the answer cell cannot be made'):
        answer(BY_NAME['mirror'])


def test_the_command_writes_the_course_and_says_what_next(tmp_path: Path, capsys) -> None:
    settings = tmp_path / 'grader.toml'
    settings.write_text('[points]\nmirror = 6\n', encoding='utf-8')
    course = tmp_path / 'course'
    assert main(['nbgrader', str(course), '--config', str(settings)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f'next: cd {course} && nbgrader generate_assignment hexapawn'
    cells = _cells(json.loads((course / 'source/hexapawn/hexapawn.ipynb').read_text()))
    assert cells['test_mirror']['metadata']['nbgrader']['points'] == 6.0
    assert main(['nbgrader', str(course)]) == 2
    assert 'already exists' in capsys.readouterr().err
    assert main(['nbgrader', str(course), '--force']) == 0


def test_the_notebook_is_valid_nbformat_and_nbgrader_metadata() -> None:
    pytest.importorskip('nbgrader')  # the nbgrader extra brings nbformat too
    import nbformat
    from nbgrader.nbgraderformat import MetadataValidator

    notebook = nbformat.from_dict(assignment_notebook(CONFIG))
    nbformat.validate(notebook)
    MetadataValidator().validate_nb(notebook)
