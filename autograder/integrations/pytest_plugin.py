"""`pytest` in a student's folder: one test per exercise, graded as `hexgrade check .`.

The kit's test file (exercises/test_exercises.py) calls `check_exercise` once for
each name of `EXERCISE_NAMES`, the registry's, so a new exercise needs no new test
there. The exercise is graded exactly as the command would grade it (the same checks,
settings, isolation and visibility), and a test that fails shows the very text the
terminal shows for that exercise.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from autograder import __version__
from autograder.exercises import BY_NAME
from autograder.grading import grade_exercise
from autograder.records import SubmissionResult
from autograder.render import terminal
from autograder.render.visibility import for_students
from autograder.sandbox import Isolation, probe
from autograder.settings.config import EXERCISE_NAMES, Config, load_config
from autograder.settings.config_file import choose
from autograder.submission.locate import locate

__all__ = ['EXERCISE_NAMES', 'check_exercise', 'graded']


@lru_cache(maxsize=None)
def _isolation() -> Isolation:
    """Probed once per pytest run, as `hexgrade check` probes once per run. A missing
    layer is not a pytest warning: a student would read it as a problem of theirs. The
    result names the layers used, as the command's does."""
    return probe()


def _config(folder: Path) -> Config:
    # As `hexgrade check` chooses: a grader.toml in the student's own folder is the
    # student's, and a harness that runs pytest there must not take points from it.
    return load_config(choose(None, folder).path)


def graded(exercise: str, folder: Path) -> tuple[SubmissionResult, str]:
    """One exercise of `folder`, graded and shown to the student: (result, terminal text)."""
    config = _config(folder)
    isolation = _isolation()
    located = locate(folder, (exercise,))[exercise]
    result = grade_exercise(BY_NAME[exercise], located, config, isolation)
    shown = for_students(SubmissionResult(str(folder), (result,), __version__,
                                          config.properties.seed, isolation.name),
                         config.show)
    return shown, terminal.render(shown)


def check_exercise(exercise: str, folder: Path) -> None:
    """Fail the running test, with what `hexgrade check` shows, when a check fails."""
    import pytest  # only the student's test run needs it

    result, text = graded(exercise, folder)
    if not result.all_passed:
        pytest.fail(text, pytrace=False)
