from __future__ import annotations

from pathlib import Path

import pytest

from autograder.cli import main
from autograder.integrations.pytest_plugin import _config
from autograder.settings.config import DEFAULT_POINTS
from autograder.settings.config_file import Choice, choose

from class_records import PIECES

GREEDY = '[points]\nmirror = 1000\n'
NOT_READ = 'settings from the built-in defaults: grader.toml is in what is being graded, ' \
           'so it was not read'


def test_a_grader_toml_in_what_is_graded_is_never_read(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    ada = tmp_path / 'class' / 'ada'
    ada.mkdir(parents=True)
    (ada / 'grader.toml').write_text(GREEDY)
    (ada / 'mirror.py').write_text('')
    monkeypatch.chdir(ada)
    assert choose(None, Path('.')) == Choice(None, NOT_READ)
    assert choose(None, tmp_path / 'class') == Choice(None, NOT_READ)
    assert choose(None, Path('mirror.py')) == Choice(None, NOT_READ)  # its folder is theirs
    assert _config(ada).points['mirror'] == 3


def test_a_link_into_what_is_graded_is_not_read_either(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    (tmp_path / 'ada').mkdir()
    (tmp_path / 'ada' / 'grader.toml').write_text(GREEDY)
    (tmp_path / 'teacher').mkdir()
    (tmp_path / 'teacher' / 'grader.toml').symlink_to(tmp_path / 'ada' / 'grader.toml')
    monkeypatch.chdir(tmp_path / 'teacher')
    assert choose(None, tmp_path / 'ada') == Choice(None, NOT_READ)


def test_the_teachers_own_files_are_read(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / 'ada').mkdir()
    (tmp_path / 'grader.toml').write_text('[points]\nmirror = 6\n')
    monkeypatch.chdir(tmp_path)
    assert choose(None, tmp_path / 'ada') == Choice(Path('grader.toml'),
                                                    'settings from grader.toml')
    assert choose(None, None) == Choice(Path('grader.toml'), 'settings from grader.toml')
    assert _config(tmp_path / 'ada').points['mirror'] == 6
    chosen = tmp_path / 'ada' / 'grader.toml'  # named on the command line: the teacher's
    assert choose(chosen, tmp_path / 'ada') == Choice(chosen, f'settings from {chosen}')
    (tmp_path / 'grader.toml').unlink()
    assert choose(None, tmp_path / 'ada') == Choice(None, 'settings from the built-in '
                                                          'defaults')


def test_check_inside_a_submission_says_which_settings_it_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / 'grader.toml').write_text(GREEDY)
    (tmp_path / 'mirror.py').write_text((PIECES / 'mirror' / 'correct_slicing.py').read_text())
    monkeypatch.chdir(tmp_path)
    assert main(['check', '.']) == 1
    out, err = capsys.readouterr()
    # the defaults' total: the greedy file's 1000 points for mirror were not read
    total = sum(DEFAULT_POINTS.values())
    assert out.splitlines()[0].startswith(f'.: 3/{total:g} points (mirror 3/3,')
    assert f'  ({NOT_READ})' in out.splitlines()  # in the result: stderr stays quiet
    assert err == ''
