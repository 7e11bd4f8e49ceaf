"""The grader's own errors, kept apart from a student's mistakes (see `failures`).

A `GraderError` is never the student's fault: the CLI reports it as an error of
the grader or of its configuration, never as a failed check.
"""
from __future__ import annotations

from typing import Callable, TypeVar

from autograder.checking.failures import Failure


class GraderError(Exception):
    """Something went wrong in the grader itself, or around it.

    `tip` is an optional next step for the person who ran the command."""

    def __init__(self, message: str, tip: str | None = None) -> None:
        super().__init__(message)
        self.tip = tip


class ConfigError(GraderError):
    """`grader.toml` (or a file given with --config) is unreadable or invalid."""


class UsageError(GraderError):
    """The command line names something that cannot be graded."""


T = TypeVar('T')


def ours(what: str, exercise: str, work: Callable[[], T]) -> T:
    """Run the grader's own code; a bug in it is our error, never the student's failure
    (a student's `Failure` and our own `GraderError` pass through as they are)."""
    try:
        return work()
    except (Failure, GraderError):
        raise
    except Exception as exc:
        raise GraderError(f'{what} of {exercise} crashed: {type(exc).__name__}: {exc}') \
            from exc
