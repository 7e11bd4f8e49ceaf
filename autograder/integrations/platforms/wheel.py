"""The hexgrade wheel a platform package carries: the one given, or one built now
from the source tree this hexgrade runs from."""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from autograder.errors import GraderError, UsageError
from autograder.kit.paths import PROJECT

SOURCE_PARTS = ('pyproject.toml', 'setup.py', 'README.md', 'autograder', 'hexapawn_ref',
                'exercises', 'solutions')
BUILD_SECONDS = 600  # pip may fetch setuptools for its isolated build first


def hexgrade_wheel(into: Path, given: Path | None = None) -> Path:
    """A hexgrade wheel in `into`: a copy of `given`, else built from the source tree."""
    into.mkdir(parents=True, exist_ok=True)
    if given is not None:
        _check_wheel(given)
        return Path(shutil.copy2(given, into / given.name))
    if not (PROJECT / 'pyproject.toml').is_file():
        raise UsageError('this hexgrade was installed from a wheel, so there is no source '
                         'tree to build one from', tip='give the wheel with --wheel FILE')
    with tempfile.TemporaryDirectory(prefix='hexgrade-wheel-') as scratch:
        # built from a copy: the build leaves build/ and egg-info folders behind it, and
        # the source tree may be a checkout someone is working in
        source = Path(scratch) / 'source'
        for part in SOURCE_PARTS:
            if (PROJECT / part).is_dir():
                shutil.copytree(PROJECT / part, source / part, ignore=shutil.ignore_patterns(
                    '__pycache__', '*.egg-info', 'kit_files'))
            elif (PROJECT / part).is_file():
                source.mkdir(parents=True, exist_ok=True)
                shutil.copy2(PROJECT / part, source / part)
        built = subprocess.run(
            [sys.executable, '-m', 'pip', 'wheel', '--no-deps', '-q', '-w', str(into),
             str(source)], capture_output=True, text=True, timeout=BUILD_SECONDS)
    if built.returncode != 0:
        raise GraderError('pip could not build the hexgrade wheel:\n'
                          + (built.stderr or built.stdout).strip(),
                          tip='build one with pip wheel --no-deps and give it with --wheel')
    return next(into.glob('hexgrade-*.whl'))


def _check_wheel(path: Path) -> None:
    if not path.is_file() or not zipfile.is_zipfile(path):
        raise UsageError(f'{path}: not a wheel file', tip='give the hexgrade-*.whl file')
    if not path.name.startswith('hexgrade-') or path.suffix != '.whl':
        raise UsageError(f'{path}: not a hexgrade wheel', tip='give the hexgrade-*.whl file')
