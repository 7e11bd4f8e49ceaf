"""`hexgrade gradescope` and the zip it writes (autograder/integrations/platforms/, gradescope_zip,
gradescope_results, upload): unpacked into a folder standing in for /autograder,
set up in a fresh virtual environment and run on a right, a mistaken and a hostile
submission; every results.json is checked against Gradescope's documented format."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from autograder.cli import main
from autograder.integrations.platforms import upload, wheel
from autograder.integrations.platforms.gradescope_results import TEACHER, fenced
from autograder.kit.paths import PROJECT
from autograder.settings.config import DEFAULT_POINTS

PIECES = PROJECT / 'autograder' / 'sample_class' / 'pieces'
FORMATS = {'text', 'html', 'simple_format', 'md', 'ansi'}
VISIBILITIES = {'hidden', 'after_due_date', 'after_published', 'visible'}
TOP_KEYS = {'score': (int, float), 'execution_time': (int, float), 'output': str,
            'output_format': str, 'test_output_format': str, 'test_name_format': str,
            'visibility': str, 'stdout_visibility': str, 'extra_data': dict,
            'tests': list, 'leaderboard': list}
TEST_KEYS = {'score': (int, float), 'max_score': (int, float), 'status': str, 'name': str,
             'name_format': str, 'number': str, 'output': str, 'output_format': str,
             'tags': list, 'visibility': str, 'extra_data': dict}
HOSTILE = '''\
import pathlib
ROOT = pathlib.Path({root!r})
for target in (ROOT / 'results' / 'results.json', ROOT / 'source' / 'grader.toml'):
    try:
        target.write_text('{{"score": 1000}}')
    except OSError:
        pass
try:
    print(open(ROOT / 'source' / 'grader.toml').read())
except OSError:
    pass


def mirror(board):
    while True:
        pass
'''


def schema_problems(data: dict[str, Any]) -> list[str]:
    """What in `data` breaks Gradescope's results.json format (keys, types, values)."""
    problems = _keys(data, TOP_KEYS, 'results')
    if 'score' not in data and any('score' not in t for t in data.get('tests', [])):
        problems.append('no score: neither at the top nor on every test')
    for key in ('visibility', 'stdout_visibility'):
        if key in data and data[key] not in VISIBILITIES:
            problems.append(f'{key} {data[key]!r}')
    for key in ('output_format', 'test_output_format'):
        if key in data and data[key] not in FORMATS:
            problems.append(f'{key} {data[key]!r}')
    for test in data.get('tests', []):
        where = f'test {test.get("name")!r}'
        problems += _keys(test, TEST_KEYS, where)
        if test.get('status', 'passed') not in ('passed', 'failed'):
            problems.append(f'{where}: status {test["status"]!r}')
        if test.get('visibility', 'visible') not in VISIBILITIES:
            problems.append(f'{where}: visibility {test["visibility"]!r}')
        if test.get('output_format', 'text') not in FORMATS:
            problems.append(f'{where}: output_format {test["output_format"]!r}')
        if not 0 <= test.get('score', 0) <= test.get('max_score', float('inf')):
            problems.append(f'{where}: score {test["score"]} out of 0..{test["max_score"]}')
    return problems


def _keys(data: dict[str, Any], allowed: dict[str, Any], where: str) -> list[str]:
    problems = [f'{where}: unknown key {key!r}' for key in data if key not in allowed]
    return problems + [f'{where}: {key} is a {type(value).__name__}'
                       for key, value in data.items()
                       if key in allowed and (type(value) is bool
                                              or not isinstance(value, allowed[key]))]


@pytest.fixture(scope='module')
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """/autograder as Gradescope leaves it after setup.sh: source/ holds the zip."""
    place = tmp_path_factory.mktemp('gradescope')
    assert main(['gradescope', '--out', str(place / 'autograder.zip')]) == 0
    root = place / 'autograder'
    with zipfile.ZipFile(place / 'autograder.zip') as archive:
        archive.extractall(root / 'source')
    # the installed packages stand in for PyPI: the test needs no network
    subprocess.run([sys.executable, '-m', 'venv', '--system-site-packages',
                    str(root / 'hexgrade-venv')], check=True, timeout=120)
    setup = subprocess.run(['bash', str(root / 'source' / 'setup.sh'), str(root)],
                           env={**os.environ, 'HEXGRADE_NO_APT': '1'},
                           capture_output=True, text=True, timeout=300)
    assert setup.returncode == 0, setup.stdout + setup.stderr
    return root


def run_autograder(root: Path, files: dict[str, str | Path]) -> tuple[dict[str, Any], str]:
    """Grade one submission as Gradescope would; its results.json and the log."""
    shutil.rmtree(root / 'submission', ignore_errors=True)
    shutil.rmtree(root / 'results', ignore_errors=True)
    for name, content in files.items():
        target = root / 'submission' / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Path):
            shutil.copy(content, target)
        else:
            target.write_text(content, encoding='utf-8')
    run = subprocess.run(['bash', str(root / 'source' / 'run_autograder'), str(root)],
                         capture_output=True, text=True, timeout=300, cwd=root)
    assert run.returncode == 0, run.stdout + run.stderr
    data = json.loads((root / 'results' / 'results.json').read_text(encoding='utf-8'))
    assert schema_problems(data) == []
    return data, run.stdout + run.stderr


def test_the_zip_holds_executable_scripts_settings_and_a_wheel(root: Path) -> None:
    with zipfile.ZipFile(root.parent / 'autograder.zip') as archive:
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
    assert set(modes) == {'setup.sh', 'run_autograder', 'grader.toml',
                          'hexgrade-0.1.0-py3-none-any.whl'}
    assert modes['setup.sh'] & 0o111 and modes['run_autograder'] & 0o111
    assert not modes['grader.toml'] & 0o111


def test_setup_installs_the_wheel_into_its_own_environment(root: Path) -> None:
    found = subprocess.run([str(root / 'hexgrade-venv' / 'bin' / 'python'), '-c',
                            'import autograder; print(autograder.__file__)'],
                           capture_output=True, text=True, timeout=60, cwd=root)
    assert Path(found.stdout.strip()).is_relative_to(root / 'hexgrade-venv')


def test_a_right_submission_in_a_folder_of_its_own_gets_full_marks(root: Path) -> None:
    files: dict[str, str | Path] = {f'project/{p.name}': p
                                    for p in (PROJECT / 'solutions').glob('*.py')}
    data, _ = run_autograder(root, files)
    failed = [(t['name'], t['output']) for t in data['tests'] if t['status'] != 'passed']
    total = sum(DEFAULT_POINTS.values())
    assert (data['score'], data['extra_data']['max_score']) == (total, total), failed[0][1]
    assert all(t['status'] == 'passed' and t['visibility'] == 'visible'
               for t in data['tests'])
    assert data['extra_data']['settings'].endswith('grader.toml')


def test_a_mistake_shows_its_board_in_a_code_block(root: Path) -> None:
    data, _ = run_autograder(root, {'mirror.py': PIECES / 'mirror' /
                                    'whole_string_reversed.py'})
    assert data['score'] < 3
    failed = [t for t in data['tests'] if t['status'] == 'failed'
              and t['extra_data']['exercise'] == 'mirror']
    assert failed and all(t['output_format'] == 'md' for t in failed)
    first = failed[0]['output']
    assert first.startswith('```\n') and first.endswith('\n```')
    assert 'expected' in first and 'hint:' in first
    assert any(t['extra_data'].get('misconception') for t in failed)


def test_a_hostile_submission_scores_nothing_and_changes_nothing(root: Path) -> None:
    before = {p: hashlib.sha256(p.read_bytes()).hexdigest()
              for p in (root / 'source').iterdir()}
    data, log = run_autograder(root, {'mirror.py': HOSTILE.format(root=str(root))})
    assert data['score'] == 0.0 and data['extra_data']['max_score'] == sum(DEFAULT_POINTS.values())
    assert 'timeout' in data['tests'][0]['extra_data']['flags']
    assert {p: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in (root / 'source').iterdir()} == before
    assert 'built-in defaults' not in log  # grader.toml's text: not read, not printed


def test_hidden_expected_values_go_to_the_teacher_only(root: Path) -> None:
    settings = root / 'source' / 'grader.toml'
    kept = settings.read_text(encoding='utf-8')
    settings.write_text('[students]\nshow = "hints"\n', encoding='utf-8')
    try:
        data, _ = run_autograder(root, {'mirror.py': PIECES / 'mirror' /
                                        'whole_string_reversed.py'})
    finally:
        settings.write_text(kept, encoding='utf-8')
    shown = [t for t in data['tests'] if t['visibility'] == 'visible']
    hidden = [t for t in data['tests'] if t['visibility'] == 'hidden']
    assert shown and not any('expected' in t['output'] for t in shown)
    assert any('expected' in t['output'] for t in hidden)
    assert all(t['name'].startswith(TEACHER) and t['max_score'] == 0 for t in hidden)
    assert data['score'] == round(sum(t['score'] for t in shown), 2)


def test_a_bad_grader_toml_writes_no_results_and_says_why(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    settings = tmp_path / 'grader.toml'
    settings.write_text('[students]\nshow = "all"\n', encoding='utf-8')
    (tmp_path / 'submission').mkdir()
    code = upload.main(['gradescope', str(tmp_path / 'submission'),
                        str(tmp_path / 'results.json'), '--config', str(settings)])
    assert code == 2 and not (tmp_path / 'results.json').exists()
    assert "students.show = 'all' is not allowed" in capsys.readouterr().err


def test_the_work_is_found_inside_one_folder_but_not_among_several(tmp_path: Path) -> None:
    (tmp_path / 'one' / 'deeper').mkdir(parents=True)
    (tmp_path / 'one' / 'deeper' / 'answers.ipynb').write_text('{}')
    (tmp_path / '__MACOSX').mkdir()
    assert upload.work_folder(tmp_path) == tmp_path / 'one' / 'deeper'
    (tmp_path / 'two').mkdir()
    assert upload.work_folder(tmp_path) == tmp_path


def test_a_fence_is_longer_than_any_backticks_inside() -> None:
    assert fenced('') == ''
    assert fenced('got ````x') == '`````\ngot ````x\n`````'


def test_the_command_refuses_what_it_cannot_ship(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(['gradescope', '--out', str(tmp_path / 'autograder.tar')]) == 2
    assert 'Gradescope takes a .zip file' in capsys.readouterr().err
    (tmp_path / 'hexgrade-0.1.0-py3-none-any.whl').write_text('not a zip')
    assert main(['gradescope', '--out', str(tmp_path / 'a.zip'), '--wheel',
                 str(tmp_path / 'hexgrade-0.1.0-py3-none-any.whl')]) == 2
    assert 'not a wheel file' in capsys.readouterr().err
    monkeypatch.setattr(wheel, 'PROJECT', tmp_path)
    assert main(['gradescope', '--out', str(tmp_path / 'a.zip')]) == 2
    assert 'give the wheel with --wheel FILE' in capsys.readouterr().err


def test_both_platform_commands_are_in_the_help_and_the_readme(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['--help']) == 0
    shown = capsys.readouterr().out
    readme = (PROJECT / 'README.md').read_text(encoding='utf-8')
    for command in ('gradescope', 'prairielearn'):
        assert f'    {command}' in shown
        assert f'`hexgrade {command} --out' in readme
