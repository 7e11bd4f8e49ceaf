"""`hexgrade prairielearn` and the question it writes (autograder/integrations/platforms/,
prairielearn_question, prairielearn_results, bundled_site, upload): its grader run
on a folder standing in for the container's /grade, on a right, a mistaken and a
hostile submission, with only what the question ships on the path; every
results.json is checked against PrairieLearn's documented format."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from autograder.cli import main
from autograder.integrations.platforms.prairielearn_question import (ENTRYPOINT, MAX_TIMEOUT,
                                                                     QUESTION, SERVER_FILES,
                                                                     grading_timeout)
from autograder.kit.paths import PROJECT
from autograder.settings.config import DEFAULT_POINTS, EXERCISE_NAMES, load_config

PIECES = PROJECT / 'autograder' / 'sample_class' / 'pieces'
HOSTILE = '''\
import os
try:
    os.makedirs(os.path.join({root!r}, 'results'), exist_ok=True)
    open(os.path.join({root!r}, 'results', 'results.json'), 'w').write('{{"score": 1}}')
except OSError:
    pass


def mirror(board):
    while True:
        pass
'''


def schema_problems(data: dict[str, Any]) -> list[str]:
    """What in `data` breaks PrairieLearn's results.json format, including what its
    results element needs to show points per test."""
    problems = []
    if data.get('gradable', True) is not True:
        problems.append('not gradable')
    score: Any = data.get('score')
    if type(score) not in (int, float) or not 0 <= score <= 1:
        problems.append(f'score {score!r} is not a number from 0 to 1')
    for key in ('message', 'output'):
        if key in data and type(data[key]) is not str:
            problems.append(f'{key} is not text')
    for test in data.get('tests', []):
        where = f'test {test.get("name")!r}'
        for key in ('name', 'output', 'message'):
            if type(test.get(key)) is not str:
                problems.append(f'{where}: {key} is not text')
        for key in ('points', 'max_points'):
            if type(test.get(key)) not in (int, float):
                problems.append(f'{where}: {key} is not a number')
        if not 0 <= test.get('points', -1) <= test.get('max_points', -1):
            problems.append(f'{where}: points out of range')
    if len(json.dumps(data)) > 1024 * 1024:
        problems.append('over 1 MB')
    return problems


@pytest.fixture(scope='module')
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp('prairielearn') / 'course'
    assert main(['prairielearn', '--out', str(out)]) == 0
    return out


def grade(course: Path, root: Path, files: dict[str, str | Path]) -> dict[str, Any]:
    """Lay out /grade as PrairieLearn does, run the entrypoint, read its results."""
    shutil.copytree(course / 'questions' / QUESTION / 'tests', root / 'tests')
    shutil.copytree(course / 'serverFilesCourse', root / 'serverFilesCourse')
    for name, content in files.items():
        target = root / 'student' / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Path):
            shutil.copy(content, target)
        else:
            target.write_text(content, encoding='utf-8')
    entry = root / ENTRYPOINT.removeprefix('/grade/')
    env = {key: value for key, value in os.environ.items() if key != 'PYTHONPATH'}
    run = subprocess.run([str(entry), str(root)], capture_output=True, text=True,
                         timeout=300, env={**env, 'HEXGRADE_PYTHON': sys.executable})
    assert run.returncode == 0, run.stdout + run.stderr
    data: dict[str, Any] = json.loads((root / 'results' / 'results.json').read_text())
    assert schema_problems(data) == []
    return data


def test_info_json_asks_for_external_grading_by_the_shipped_grader(course: Path) -> None:
    info = json.loads((course / 'questions' / QUESTION / 'info.json').read_text())
    assert info['gradingMethod'] == 'External'
    options = info['externalGradingOptions']
    assert options['entrypoint'] == ENTRYPOINT
    assert options['serverFilesCourse'] == [f'{SERVER_FILES}/']
    assert 30 < options['timeout'] <= 600
    assert (course / ENTRYPOINT.removeprefix('/grade/')).stat().st_mode & 0o111
    assert 'pl-file-upload' in (course / 'questions' / QUESTION / 'question.html').read_text()
    site = course / 'serverFilesCourse' / SERVER_FILES / 'site'
    assert {'autograder', 'hexapawn_ref', 'hypothesis', 'sortedcontainers'} <= \
        {p.name for p in site.iterdir()}


def test_a_right_notebook_scores_one(course: Path, tmp_path: Path) -> None:
    cells: list[dict[str, Any]] = [
        {'cell_type': 'code', 'metadata': {}, 'outputs': [], 'execution_count': None,
         'source': (PROJECT / 'solutions' / f'{name}.py').read_text()}
        for name in EXERCISE_NAMES]
    notebook = {'cells': cells, 'metadata': {}, 'nbformat': 4, 'nbformat_minor': 5}
    data = grade(course, tmp_path, {'hexapawn.ipynb': json.dumps(notebook)})
    total = sum(DEFAULT_POINTS.values())
    assert data['score'] == 1.0 and data['message'].startswith(f'{total:g}/{total:g} points')
    assert all(t['message'] == 'passed' for t in data['tests'])


def test_a_mistake_loses_points_and_shows_its_board(course: Path, tmp_path: Path) -> None:
    data = grade(course, tmp_path, {'mirror.py': PIECES / 'mirror' /
                                    'whole_string_reversed.py'})
    assert data['score'] < 0.3
    failed = [t for t in data['tests'] if t['message'] == 'failed']
    assert failed and 'hint:' in failed[0]['output']
    assert '\n    . . .\n' in ''.join(t['output'] for t in failed)  # a board, drawn


def test_a_hostile_submission_scores_nothing(course: Path, tmp_path: Path) -> None:
    data = grade(course, tmp_path, {'mirror.py': HOSTILE.format(root=str(tmp_path))})
    assert data['score'] == 0.0
    assert 'still running' in ''.join(t['output'] for t in data['tests'])


def test_the_command_needs_a_new_folder(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / 'mine.txt').write_text('')
    assert main(['prairielearn', '--out', str(tmp_path)]) == 2
    assert f'{tmp_path} is not empty' in capsys.readouterr().err


def test_the_timeout_leaves_each_exercise_its_whole_file_limit(tmp_path: Path) -> None:
    """The exercises are graded one after another: a submission whose every file runs
    to its limit must still be graded, not stopped by PrairieLearn."""
    settings = tmp_path / 'grader.toml'
    settings.write_text('[limits]\nfile_seconds = 40\n', encoding='utf-8')
    config = load_config(settings)
    total = sum(config.limits_for(name).file_seconds for name in config.points)
    assert total == 120 and grading_timeout(settings) > total
    settings.write_text('[limits]\nfile_seconds = 300\n', encoding='utf-8')
    assert grading_timeout(settings) == MAX_TIMEOUT  # PrairieLearn allows no more
