"""A wheel, installed without this source tree, grades on its own (pyproject.toml, setup.py)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import hypothesis

from autograder.kit.paths import PROJECT

from every_exercise import full_marks, summary_line

NEEDED = ['autograder/kit_files/exercises/hexapawn.py', 'autograder/kit_files/solutions/mirror.py',
          'autograder/sandbox/inside/child.py', 'autograder/sandbox/inside/run_child.py',
          'autograder/checking/recorded_examples.json',
          'autograder/sample_class/pieces/mirror/whole_string_reversed.py']


def test_an_installed_wheel_grades_without_the_source_tree(tmp_path: Path) -> None:
    source = tmp_path / 'source'
    shutil.copytree(PROJECT, source, ignore=shutil.ignore_patterns(
        '.git', '*.egg-info', 'build', '__pycache__', 'kit_files'))
    subprocess.run([sys.executable, '-m', 'pip', 'wheel', '--no-deps',
                    '-q', '-w', str(tmp_path / 'wheels'), str(source)], check=True,
                   capture_output=True, timeout=300)
    wheel = next((tmp_path / 'wheels').glob('hexgrade-*.whl'))
    assert set(NEEDED) <= set(zipfile.ZipFile(wheel).namelist())
    target = tmp_path / 'installed'
    zipfile.ZipFile(wheel).extractall(target)
    answers = shutil.copytree(source / 'solutions', tmp_path / 'answers')
    shutil.rmtree(source)  # nothing of the source tree is left to lean on
    # -S: no site-packages, so no editable install of this checkout can answer instead
    dependencies = Path(hypothesis.__file__).parents[1]
    env = {**os.environ, 'PYTHONPATH': f'{target}{os.pathsep}{dependencies}'}
    run = subprocess.run([sys.executable, '-S', '-m', 'autograder', 'check', str(answers)],
                         capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines()[0] == summary_line(str(answers), full_marks())
