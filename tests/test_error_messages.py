"""The messages of what rarely goes wrong, each triggered once: a link handed in, a
wheel that is none, a cluster without an address, a package grading needs that is
missing or compiled. What a user reads is asserted as they read it."""
from __future__ import annotations

import os
from importlib import metadata
from pathlib import Path

import pytest

from autograder.classroom.cluster import parse_cluster
from autograder.errors import GraderError, UsageError
from autograder.integrations.platforms import bundled_site, wheel
from autograder.submission.locate import Missing, locate

MIRROR = 'def mirror(board):\n    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n'


def test_a_link_handed_in_is_not_followed(tmp_path: Path) -> None:
    (tmp_path / 'real.py').write_text(MIRROR, encoding='utf-8')
    folder = tmp_path / 'student'
    folder.mkdir()
    os.symlink(tmp_path / 'real.py', folder / 'mirror.py')
    found = locate(folder, ('mirror',))['mirror']
    assert found == Missing('mirror.py is a link to another file, which is not graded')
    assert isinstance(found, Missing)
    assert found.hint == 'Hand in mirror.py itself, not a link to it.'


def test_an_empty_file_says_so(tmp_path: Path) -> None:
    (tmp_path / 'mirror.py').write_text('\n  \n', encoding='utf-8')
    found = locate(tmp_path, ('mirror',))['mirror']
    assert isinstance(found, Missing) and found.reason == 'mirror.py is empty'
    assert found.hint == 'Write your answer in mirror.py, save it, then check again.'


def test_a_file_that_is_no_wheel_is_refused_with_what_to_give(tmp_path: Path) -> None:
    text = tmp_path / 'hexgrade-1.0-py3-none-any.whl'
    text.write_text('not a zip', encoding='utf-8')
    with pytest.raises(UsageError) as raised:
        wheel.hexgrade_wheel(tmp_path / 'out', text)
    assert str(raised.value) == f'{text}: not a wheel file'
    assert raised.value.tip == 'give the hexgrade-*.whl file'
    other = tmp_path / 'other-1.0-py3-none-any.whl'
    import zipfile
    with zipfile.ZipFile(other, 'w') as archive:
        archive.writestr('x.py', '')
    with pytest.raises(UsageError) as raised:
        wheel.hexgrade_wheel(tmp_path / 'out', other)
    assert str(raised.value) == f'{other}: not a hexgrade wheel'


def test_an_installed_hexgrade_without_its_source_asks_for_a_wheel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wheel, 'PROJECT', tmp_path)  # no pyproject.toml there
    with pytest.raises(UsageError) as raised:
        wheel.hexgrade_wheel(tmp_path / 'out')
    assert str(raised.value) == ('this hexgrade was installed from a wheel, so there is no '
                                 'source tree to build one from')
    assert raised.value.tip == 'give the wheel with --wheel FILE'


def test_an_empty_dask_address_is_a_usage_error() -> None:
    with pytest.raises(UsageError) as raised:
        parse_cluster('')
    assert str(raised.value) == '--dask needs the address of a Dask scheduler, or local:N'
    assert raised.value.tip == 'for example --dask tcp://scheduler:8786 or --dask local:4'


def test_a_package_grading_needs_that_is_missing_or_compiled_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundled_site, 'GRADING_NEEDS', ('no-such-package-here',))
    with pytest.raises(GraderError) as raised:
        bundled_site.needed_distributions()
    assert str(raised.value) == ('no-such-package-here, which grading needs, is not installed '
                                 'here')
    assert raised.value.tip == 'pip install no-such-package-here'
    monkeypatch.setattr(bundled_site, 'COMPILED', ('.py',))  # as if it were compiled
    with pytest.raises(GraderError) as raised:
        bundled_site._copy(metadata.distribution('hypothesis'), tmp_path / 'copied')
    assert str(raised.value).startswith('hypothesis has compiled parts (')
    assert str(raised.value).endswith('), which cannot be shipped to another machine')
