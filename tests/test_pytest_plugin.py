"""`pytest` in the student's folder runs the same checks as `hexgrade check .` and shows
the same text (autograder/integrations/pytest_plugin.py and exercises/test_exercises.py)."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from autograder.kit.paths import KIT, SOLUTIONS
from autograder.settings.config import EXERCISE_NAMES

MIRROR_STUB_HINT = ('hint: mirror gives the board back as it was: each row still has to be '
                    'turned round.')
WINNER_STUB_HINT = 'hint: winner always says the game goes on: check the ways a game can end.'


def _kit(tmp_path: Path, *solved: str) -> Path:
    """A copy of the student kit, with the model answer in place of each stub named."""
    folder = tmp_path / 'exercises'
    shutil.copytree(KIT, folder, ignore=shutil.ignore_patterns('__pycache__', '.*'))
    for exercise in solved:
        shutil.copy(SOLUTIONS / f'{exercise}.py', folder)
    return folder


def _pytest(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, '-m', 'pytest', '-q', '-p', 'no:cacheprovider',
                           *options], cwd=folder, capture_output=True, text=True, timeout=180)


def _hexgrade(folder: Path) -> str:
    return subprocess.run([sys.executable, '-m', 'autograder', 'check', '.'], cwd=folder,
                          capture_output=True, text=True, timeout=180).stdout


def _fail_blocks(text: str) -> list[str]:
    """Each failed check as the terminal shows it: its FAIL line and what is under it."""
    return re.findall(r'^  FAIL  .*\n(?:        .*\n)*', text, flags=re.MULTILINE)


def test_pytest_in_a_kit_with_stubs_fails_as_hexgrade_does(tmp_path: Path) -> None:
    folder = _kit(tmp_path, 'count_boxes')
    run = _pytest(folder)
    assert run.returncode == 1
    # every stub fails; only the solved count_boxes passes
    failed = len(EXERCISE_NAMES) - 1
    assert re.search(rf'^{failed} failed, 1 passed in ', run.stdout.splitlines()[-1])
    assert 'test_exercise[mirror]' in run.stdout and 'test_exercise[winner]' in run.stdout
    assert MIRROR_STUB_HINT in run.stdout and WINNER_STUB_HINT in run.stdout
    blocks = _fail_blocks(_hexgrade(folder))
    assert len(blocks) >= 4  # mirror and winner fail several checks each
    for block in blocks:
        assert block in run.stdout


def test_pytest_in_a_solved_kit_passes(tmp_path: Path) -> None:
    folder = _kit(tmp_path, *EXERCISE_NAMES)
    run = _pytest(folder)
    assert run.returncode == 0, run.stdout
    assert re.search(rf'^{len(EXERCISE_NAMES)} passed in ', run.stdout.splitlines()[-1])


def test_the_kit_tests_every_exercise_of_the_registry(tmp_path: Path) -> None:
    run = _pytest(_kit(tmp_path), '--collect-only')
    collected = [line for line in run.stdout.splitlines() if '::' in line]
    assert collected == [f'test_exercises.py::test_exercise[{name}]'
                         for name in EXERCISE_NAMES]
