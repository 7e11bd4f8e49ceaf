"""The grader type-checks under `mypy --strict` (settings in pyproject.toml's
[tool.mypy]: the sample class's pieces, being student code, are left out), as it runs
on Linux and as it runs on Windows, where Linux's layers are never imported."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize('platform', ['linux', 'win32'])
def test_the_grader_and_the_reference_pass_mypy_strict(platform: str) -> None:
    done = subprocess.run([sys.executable, '-m', 'mypy', '--strict', '--platform', platform,
                           'autograder', 'hexapawn_ref'], cwd=PROJECT, capture_output=True,
                          text=True)
    assert 'No module named mypy' not in done.stderr, \
        "mypy is missing: pip install -e '.[test]' (bash tests/run does)"
    assert done.returncode == 0, done.stdout + done.stderr
