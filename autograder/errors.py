"""The grader's own errors, kept apart from a student's mistakes (see `failures`).

A `GraderError` is never the student's fault: the CLI reports it as an error of
the grader or of its configuration, never as a failed check.
"""
from __future__ import annotations


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
