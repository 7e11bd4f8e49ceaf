"""hexgrade: an autograder for the hexapawn lesson's three starred exercises.

Student code runs in child processes and only ever answers calls; the checks,
the reference engine and the scores stay in this process.
"""
from __future__ import annotations

__version__ = '0.1.0'

from autograder.errors import ConfigError, GraderError, UsageError  # noqa: E402
from autograder.records import (CheckResult, ExerciseResult, Finding, Flag,  # noqa: E402
                                SubmissionResult)
from autograder.settings.config import Config, load_config  # noqa: E402

__all__ = [
    'CheckResult', 'Config', 'ConfigError', 'ExerciseResult', 'Finding', 'Flag',
    'GraderError', 'SubmissionResult', 'UsageError', '__version__', 'load_config',
]
