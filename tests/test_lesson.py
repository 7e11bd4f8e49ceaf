"""The lesson's four programs, run unchanged beside the kit's game file, print the
lesson's outputs exactly (tests/lesson/<program>.py and <program>.out)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.kit.paths import KIT

LESSON = Path(__file__).parent / 'lesson'
PROGRAMS = ['step1', 'step2', 'step3', 'fifty_hers']


@pytest.mark.parametrize('program', PROGRAMS)
def test_the_program_prints_what_the_lesson_shows(program: str, tmp_path: Path) -> None:
    shutil.copy(KIT / 'hexapawn.py', tmp_path)
    shutil.copy(LESSON / f'{program}.py', tmp_path)
    run = subprocess.run([sys.executable, f'{program}.py'], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120, env={'PATH': '/usr/bin:/bin',
                                                      'PYTHONHASHSEED': '0'})
    assert run.stderr == ''
    assert run.returncode == 0
    assert run.stdout == (LESSON / f'{program}.out').read_text(encoding='utf-8')


def test_every_program_has_its_output() -> None:
    assert sorted(p.stem for p in LESSON.glob('*.py')) == sorted(PROGRAMS)
    assert sorted(p.stem for p in LESSON.glob('*.out')) == sorted(PROGRAMS)
