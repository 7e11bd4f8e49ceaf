"""Writing a ready nbgrader course: its settings, the assignment notebook, the game file.

    COURSE/nbgrader_config.py
    COURSE/source/hexapawn/hexapawn.ipynb
    COURSE/source/hexapawn/hexapawn.py

From there nbgrader's own commands take over (generate_assignment, autograde, ...).
"""
from __future__ import annotations

import json
import math
from pathlib import Path

from autograder.errors import UsageError
from autograder.integrations.nbgrader.layout import (ASSIGNMENT, CONFIG_FILE, GAME_FILE,
                                                     source_notebook)
from autograder.integrations.nbgrader.notebook import assignment_notebook
from autograder.kit.paths import game_file
from autograder.settings.config import Config

# The kernel may take this long beyond a grading cell's file limit: starting the
# child, the checks' own work, and the reply.
KERNEL_MARGIN_SECONDS = 30


def write_course(course: Path, config: Config, force: bool = False) -> list[Path]:
    """Write the course under `course`; the files written, in order.

    Existing course files are replaced only with `force`, so that a teacher's
    edited notebook or settings are never lost by accident."""
    notebook = source_notebook(course)
    files = {
        course / CONFIG_FILE: nbgrader_config(config),
        notebook: json.dumps(assignment_notebook(config), indent=1, ensure_ascii=False) + '\n',
        notebook.with_name(GAME_FILE): game_file(),
    }
    if not force:
        there = [path for path in files if path.exists()]
        if there:
            raise UsageError(f'{there[0]} already exists; hexgrade will not overwrite a '
                             f'course', tip='add --force to replace its files, or give a '
                                            'new folder')
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding='utf-8')
    return list(files)


def nbgrader_config(config: Config) -> str:
    longest = max(config.limits_for(name).file_seconds for name in config.points)
    timeout = math.ceil(longest) + KERNEL_MARGIN_SECONDS
    return f'''\
# nbgrader settings for the {ASSIGNMENT} course, written by `hexgrade nbgrader`
# from {config.source}. Points, time limits and what students see live in the
# grading cells of source/{ASSIGNMENT}/; change grader.toml and write the course again
# (hexgrade nbgrader --force) to change them.
c = get_config()  # noqa: F821 (nbgrader provides get_config when it reads this file)

# The released answer cells keep the stub that the model answer replaces, and
# nothing in place of the model answer.
c.ClearSolutions.code_stub = {{'python': ''}}

# A grading cell a student deleted is put back at autograde time, so the exercise
# is graded instead of quietly scoring nothing.
c.OverwriteCells.add_missing_cells = True

# Seconds a cell may run. A grading cell waits for its sandbox: at most its exercise's
# file limit in grader.toml (the longest is {longest:g} s), plus a margin. An answer cell
# that runs longer at its top level is interrupted, and the rest of the notebook still
# runs.
c.Execute.timeout = {timeout}
'''
