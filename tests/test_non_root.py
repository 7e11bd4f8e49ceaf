"""hexgrade run by an ordinary user on Linux, as on a student's or a teacher's machine.

Run as root, the tests take an unprivileged system user (made if missing) and run the
commands as that user. That user needs a Python it may run, with hexgrade and its
dependencies: the interpreter these tests run on when others may run it, else another
Python of the same version on the system (the one under a folder only root may enter,
as with pyenv under /root, cannot be run by anyone else). The project and its
dependencies are copied into a virtual environment in a folder everyone may read, so
nothing of this machine's permissions is changed.
"""
from __future__ import annotations

import csv
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement

from autograder.kit.paths import PROJECT

from every_exercise import POINTS, full_marks, scores, summary_line

pytestmark = pytest.mark.skipif(not sys.platform.startswith('linux'),
                                reason='runs commands as another user of a Linux system')

USER = 'hexgrade-test'
ROSTER = PROJECT / 'autograder' / 'sample_class' / 'roster.toml'
COPIED = ('autograder', 'hexapawn_ref', 'exercises', 'solutions')


@dataclass(frozen=True)
class Ordinary:
    """How to run a command as an ordinary user, in a folder of theirs."""

    prefix: list[str]  # what runs a command as the user (nothing when we are one)
    python: str  # a Python the user may run, where hexgrade is installed
    project: Path  # hexgrade's source, readable by the user
    home: Path  # the user's working folder

    def run(self, *argv: str) -> subprocess.CompletedProcess[str]:
        env = {'PATH': '/usr/bin:/bin', 'HOME': str(self.home), 'LANG': 'C.UTF-8'}
        return subprocess.run([*self.prefix, 'env', '-i', *(f'{k}={v}' for k, v in env.items()),
                               self.python, '-m', 'autograder', *argv],
                              cwd=self.home, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope='module')
def ordinary() -> Iterator[Ordinary]:
    if os.geteuid() != 0:  # we are an ordinary user already: as a student installs it
        home = Path(tempfile.mkdtemp(prefix='hexgrade-non-root-'))
        yield Ordinary([], sys.executable, PROJECT, home)
        shutil.rmtree(home)
        return
    prefix = _as_user(USER)
    python = _runnable_python(prefix)
    place = Path(tempfile.mkdtemp(prefix='hexgrade-non-root-'))
    try:
        place.chmod(0o755)
        project = _copy_project(place / 'project')
        _make_venv(python, place / 'venv', project)
        home = place / 'home'
        home.mkdir()
        uid, gid = _ids(USER)
        os.chown(home, uid, gid)
        _readable(place)
        yield Ordinary(prefix, str(place / 'venv' / 'bin' / 'python'), project, home)
    finally:
        shutil.rmtree(place)


def _as_user(user: str) -> list[str]:
    if shutil.which('setpriv') is None:
        pytest.skip('setpriv (util-linux) is needed to run a command as another user')
    try:
        _ids(user)
    except KeyError:
        subprocess.run(['useradd', '--system', '--no-create-home', '--shell',
                        '/usr/sbin/nologin', user], check=True, capture_output=True)
    uid, gid = _ids(user)
    return ['setpriv', f'--reuid={uid}', f'--regid={gid}', '--clear-groups', '--']


def _ids(user: str) -> tuple[int, int]:
    import pwd  # not on every system: the module is collected everywhere, skipped there

    entry = pwd.getpwnam(user)
    return entry.pw_uid, entry.pw_gid


def _runnable_python(prefix: list[str]) -> str:
    """This interpreter if the user may run it (with its standard library), else
    another of the same version the user may run; else the test cannot be run."""
    version = f'{sys.version_info[0]}.{sys.version_info[1]}'
    ours = os.path.realpath(getattr(sys, '_base_executable', sys.executable))
    candidates = [ours] + [found for folder in ('/usr/local/bin', '/usr/bin', '/bin')
                           if (found := shutil.which(f'python{version}', path=folder))]
    # what it is, with its standard library: asked as root and as the user, as a
    # system may run something else for a path the user cannot reach
    ask = ['-I', '-c', 'import encodings, sys; print(sys.version, sys.base_prefix)']
    for python in candidates:
        theirs = subprocess.run([*prefix, python, *ask], capture_output=True, text=True,
                                timeout=60)
        mine = subprocess.run([python, *ask], capture_output=True, text=True, timeout=60)
        if theirs.returncode == 0 and theirs.stdout == mine.stdout and \
                mine.stdout.startswith(f'{version}.'):
            return python
    pytest.skip(f'no Python {version} that {USER} may run: {ours} lies where other users '
                f'cannot read it, and the system has no other Python {version}')


def _copy_project(target: Path) -> Path:
    for name in COPIED:
        shutil.copytree(PROJECT / name, target / name,
                        ignore=shutil.ignore_patterns('__pycache__', 'kit_files'))
    return target


def _make_venv(python: str, venv: Path, project: Path) -> None:
    """A virtual environment with hexgrade's dependencies copied in from ours (the test
    makes no download) and the project's copy on its path, as `pip install -e .`."""
    subprocess.run([python, '-m', 'venv', '--without-pip', str(venv)], check=True,
                   capture_output=True, timeout=120)
    purelib = subprocess.run([str(venv / 'bin' / 'python'), '-c',
                              'import sysconfig; print(sysconfig.get_path("purelib"))'],
                             check=True, capture_output=True, text=True).stdout.strip()
    site = Path(purelib)
    for dist in _dependencies('hexgrade'):
        for file in dist.files or ():
            source = Path(str(dist.locate_file(file)))
            if '..' in file.parts or '__pycache__' in file.parts or not source.is_file():
                continue  # scripts outside site-packages; compiled caches
            (site / file).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, site / file)
    (site / 'hexgrade-source.pth').write_text(f'{project}\n', encoding='utf-8')


def _dependencies(name: str) -> list[importlib.metadata.Distribution]:
    """The distributions `name` needs to run, itself left out."""
    found: dict[str, importlib.metadata.Distribution] = {}
    todo = list(importlib.metadata.requires(name) or [])
    while todo:
        requirement = Requirement(todo.pop())
        if requirement.marker is not None and not requirement.marker.evaluate({'extra': ''}):
            continue
        key = re.sub(r'[-_.]+', '-', requirement.name).lower()
        if key in found:
            continue
        found[key] = importlib.metadata.distribution(requirement.name)
        todo += found[key].requires or []
    return list(found.values())


def _readable(place: Path) -> None:
    for folder, folders, files in os.walk(place):
        for name in folders:
            os.chmod(os.path.join(folder, name), 0o755)
        for name in files:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                os.chmod(path, os.stat(path).st_mode | 0o444)


# -- the tests ---------------------------------------------------------------------------

def test_the_user_is_not_root(ordinary: Ordinary) -> None:
    run = subprocess.run([*ordinary.prefix, 'id', '-u'], capture_output=True, text=True,
                         check=True)
    assert int(run.stdout) != 0


def test_check_of_the_model_answers_is_full_marks_and_silent(ordinary: Ordinary) -> None:
    run = ordinary.run('check', str(ordinary.project / 'solutions'))
    assert run.stderr == ''
    assert run.returncode == 0, run.stdout
    lines = run.stdout.splitlines()
    assert lines[0] == summary_line(str(ordinary.project / 'solutions'), full_marks())
    assert re.fullmatch(r'  \(grader \S+, seed 0, isolation: \S+\)', lines[1])
    assert 'uid' not in lines[1].split('isolation: ')[1]  # a layer for root alone
    assert lines[2] == '  (settings from the built-in defaults)'
    assert lines[-1] == 'All checks passed.'


def test_check_of_the_stubs_is_zero_and_silent(ordinary: Ordinary) -> None:
    run = ordinary.run('check', str(ordinary.project / 'exercises'))
    assert run.stderr == ''
    assert run.returncode == 1
    assert run.stdout.splitlines()[0] == summary_line(str(ordinary.project / 'exercises'),
                                                      scores())


def test_grading_the_sample_class_gives_each_student_their_verdict(
        ordinary: Ordinary) -> None:
    run = ordinary.run('grade', '-j', '2')
    assert run.returncode == 0, run.stderr
    assert re.fullmatch(r'Graded \d+ students in [\d.]+ s: \d+ with full marks, \d+ flagged\.',
                        run.stdout.splitlines()[0])
    for line in run.stderr.splitlines():  # said to the teacher: the settings, what is off
        assert line == 'settings from the built-in defaults' or \
            line.startswith('sandbox: ') or line.startswith('warning: sandbox without ') or \
            line.startswith('warning: results graded here are for practice'), line
    with open(ordinary.home / 'hexgrade-out' / 'grades.csv', encoding='utf-8') as file:
        grades = {row['student']: row for row in csv.DictReader(file)}
    roster = tomllib.loads(ROSTER.read_text(encoding='utf-8'))['student']
    assert sorted(grades) == sorted(student['id'] for student in roster)
    for student in roster:
        for exercise, full in POINTS.items():  # the built-in defaults
            got = float(grades[student['id']][exercise])
            if _right(student, exercise):
                assert got == full, (student['id'], exercise)
            else:
                assert got < full, (student['id'], exercise)


def _right(student: dict[str, Any], exercise: str) -> bool:
    """Whether the roster hands in a right answer for `exercise`, where it is found: a
    right piece (or right numbers written down), not damaged, not misnamed."""
    piece = student.get(exercise, '')
    spoiled = {*student.get('damage', {}), *student.get('rename', {})}
    return (piece.startswith('correct') or piece == 'hard_coded') and exercise not in spoiled
