"""grader.toml: the shipped file loads, every key is documented, and bad files are
rejected naming the file, the key and what is allowed (autograder/settings/config.py)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from autograder.errors import ConfigError
from autograder.kit.paths import PROJECT
from autograder.settings.config import (DEFAULT_EXERCISE_LIMITS, DEFAULT_POINTS, SCHEMA,
                                        SHOW_CHOICES, Config, load_config)

SHIPPED = PROJECT / 'grader.toml'
README = PROJECT / 'README.md'


def _shipped_keys() -> list[str]:
    def keys(data: dict[str, object], prefix: str) -> list[str]:
        return [name for key, value in data.items()
                for name in (keys(value, f'{prefix}{key}.') if isinstance(value, dict)
                             else [f'{prefix}{key}'])]
    return keys(tomllib.loads(SHIPPED.read_text(encoding='utf-8')), '')


def _toml(tmp_path: Path, text: str) -> Path:
    path = tmp_path / 'grader.toml'
    path.write_text(text, encoding='utf-8')
    return path


def _rejected(tmp_path: Path, text: str) -> str:
    path = _toml(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    assert message.startswith(f'{path}: ')
    return message[len(f'{path}: '):]


# -- the shipped file -----------------------------------------------------------------

def test_the_shipped_file_holds_the_defaults() -> None:
    loaded = load_config(SHIPPED)
    assert loaded == Config(source=str(SHIPPED))


def test_the_shipped_file_sets_every_key() -> None:
    # an exercise's own limits are shown for the one exercise that has them
    every = {f'{t}.{k}' if t else k for t, keys in SCHEMA.items() for k in keys
             if not t.startswith('limits.') or DEFAULT_EXERCISE_LIMITS[t[len('limits.'):]]}
    assert set(_shipped_keys()) == every


def test_an_exercise_has_limits_of_its_own(tmp_path: Path) -> None:
    config = load_config(_toml(tmp_path, '[limits]\ncall_seconds = 1\n\n'
                                         '[limits.mirror]\nfile_seconds = 5\n'))
    assert (config.limits_for('mirror').call_seconds,
            config.limits_for('mirror').file_seconds) == (1.0, 5.0)
    assert (config.limits_for('winner').call_seconds,
            config.limits_for('winner').file_seconds) == (1.0, 20.0)
    # a limit [limits] sets holds for every exercise; what it leaves out keeps its default
    assert (config.limits_for('count_boxes').call_seconds,
            config.limits_for('count_boxes').file_seconds) == (1.0, 120.0)
    assert Config().limits_for('count_boxes').call_seconds == 10.0
    assert _rejected(tmp_path, '[limits.count_boxes]\ncall_seconds = 0\n') == (
        'limits.count_boxes.call_seconds = 0 is not allowed; it must be a number from '
        '0.05 to 600')
    assert _rejected(tmp_path, '[limits.count_boxes]\nmemory_mb = 64\n') == (
        'unknown key limits.count_boxes.memory_mb; did you mean limits.memory_mb?')


def test_printing_costs_points_only_when_the_teacher_says_so(tmp_path: Path) -> None:
    assert Config().weights == {'prints_nothing': 0, 'any_characters': 0}
    config = load_config(_toml(tmp_path, '[weights]\nprints_nothing = 2\n'))
    assert config.weights == {'prints_nothing': 2, 'any_characters': 0}


def test_every_shipped_key_has_a_comment_above_it() -> None:
    # keys that belong together (the points of each exercise) may share one comment
    lines = SHIPPED.read_text(encoding='utf-8').splitlines()
    setting = re.compile(r'^\w+\s*=')
    for number, line in enumerate(lines):
        if setting.match(line):
            above = [earlier for earlier in lines[:number] if not setting.match(earlier)]
            assert above and above[-1].startswith('#'), \
                f'grader.toml: {line.split("=")[0].strip()} has no comment above it'


def test_every_shipped_key_is_in_the_readme() -> None:
    readme = README.read_text(encoding='utf-8')
    missing = [key for key in _shipped_keys() if f'`{key}`' not in readme]
    assert not missing, f'README.md does not document: {missing}'


def test_every_show_choice_is_documented() -> None:
    shipped, readme = SHIPPED.read_text(encoding='utf-8'), README.read_text(encoding='utf-8')
    for choice in SHOW_CHOICES:
        assert f'#   {choice} ' in shipped
        assert f'`{choice}`' in readme


def test_no_file_means_the_defaults() -> None:
    assert load_config(None) == Config()


def test_a_partial_file_keeps_the_other_defaults(tmp_path: Path) -> None:
    loaded = load_config(_toml(tmp_path, 'seed = 7\n[points]\nwinner = 5\n'
                                         '[limits]\ncall_seconds = 0.5\nload_seconds = 1.5\n'
                                         '[students]\nshow = "hints"\n'))
    assert loaded.properties.seed == 7
    assert dict(loaded.points) == {**DEFAULT_POINTS, 'winner': 5.0}
    assert loaded.limits.call_seconds == 0.5
    assert loaded.limits.for_child()['load_seconds'] == 1.5
    assert loaded.limits.file_seconds == Config().limits.file_seconds
    assert loaded.show == 'hints'


# -- what is rejected, and how it is said ------------------------------------------------

@pytest.mark.parametrize(('text', 'message'), [
    ('[limits]\ncall_second = 1\n',
     'unknown key limits.call_second; did you mean limits.call_seconds?'),
    ('[point]\nmirror = 1\n', 'unknown key point; did you mean points?'),
    ('sed = 1\n', 'unknown key sed; did you mean seed?'),
    ('show = "hints"\n', 'unknown key show; did you mean students.show?'),
    ('mirror = 3\n', 'unknown key mirror; did you mean points.mirror?'),
    ('[points]\nbonus = 1\n', 'unknown key points.bonus'),
])
def test_an_unknown_key(tmp_path: Path, text: str, message: str) -> None:
    assert _rejected(tmp_path, text) == message


@pytest.mark.parametrize(('text', 'message'), [
    ('[students]\nshow = "all"\n', "students.show = 'all' is not allowed; it must be one of "
                                  "'everything', 'hints', 'names', 'score'"),
    ('[limits]\ncall_seconds = 0\n', 'limits.call_seconds = 0 is not allowed; it must be a '
                                     'number from 0.05 to 60'),
    ('[limits]\nmemory_mb = 100.5\n', 'limits.memory_mb = 100.5 is not allowed; it must be a '
                                      'whole number from 64 to 8192'),
    ('[points]\nmirror = "3"\n', "points.mirror = '3' is not allowed; it must be a number "
                                 "from 0 to 1000, in hundredths at most (like 2.5)"),
    ('[points]\nmirror = 3.333\n', "points.mirror = 3.333 is not allowed; it must be a number "
                                   "from 0 to 1000, in hundredths at most (like 2.5)"),
    ('seed = -1\n', 'seed = -1 is not allowed; it must be a whole number from 0 to 4294967295'),
    ('[hypothesis]\nmax_examples = 0\n', 'hypothesis.max_examples = 0 is not allowed; it must '
                                         'be a whole number from 1 to 10000'),
    ('points = 3\n', 'points is a table: write [points] on a line of its own, with its keys '
                     'below it'),
])
def test_a_bad_value(tmp_path: Path, text: str, message: str) -> None:
    assert _rejected(tmp_path, text) == message


def test_a_file_that_is_not_toml(tmp_path: Path) -> None:
    assert _rejected(tmp_path, 'seed = [\n').startswith('is not valid TOML (')


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / 'grader.toml'
    path.write_bytes(b'# \xe9\nseed = 1\n')
    with pytest.raises(ConfigError, match=r'grader\.toml: is not UTF-8 text$'):
        load_config(path)


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    folder = tmp_path / 'grader.toml'
    folder.mkdir()
    with pytest.raises(ConfigError, match=r'grader\.toml: cannot be read \(Is a directory\)$'):
        load_config(folder)


def test_a_submission_may_take_every_file_limit_and_one_again(tmp_path: Path) -> None:
    """Its exercises are graded one after another; one may be asked again alone after
    the child they shared died."""
    settings = tmp_path / 'grader.toml'
    settings.write_text('[limits]\nfile_seconds = 10\n[limits.count_boxes]\n'
                        'file_seconds = 30\n', encoding='utf-8')
    assert load_config(settings).submission_seconds() == 10 + 10 + 30 + 30
