"""hexgrade: an autograder for the hexapawn lesson's three starred exercises.

Student code runs in child processes and only ever answers calls; the checks,
the reference engine and the scores stay in this process.
"""
from __future__ import annotations

__version__ = '0.1.0'

from typing import TYPE_CHECKING, Any  # noqa: E402

if TYPE_CHECKING:
    from autograder.errors import ConfigError, GraderError, UsageError
    from autograder.records import CheckResult, ExerciseResult, Finding, Flag, SubmissionResult
    from autograder.settings.config import Config, load_config

# the face, each name loaded when first used: `import autograder` (and so the start of
# every command) loads no more than the command it runs needs
FACE = {'ConfigError': 'errors', 'GraderError': 'errors', 'UsageError': 'errors',
        'CheckResult': 'records', 'ExerciseResult': 'records', 'Finding': 'records',
        'Flag': 'records', 'SubmissionResult': 'records',
        'Config': 'settings.config', 'load_config': 'settings.config'}
__all__ = sorted([*FACE, '__version__'])


def __getattr__(name: str) -> Any:
    if name in FACE:
        import importlib
        return getattr(importlib.import_module(f'autograder.{FACE[name]}'), name)
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
