"""Where a student's code runs, as grading sees it: a `Runner` makes a `Child` for each
file, and the child loads the file and answers calls on it.

The grader's checks, diagnosis and records speak only to these: the Linux sandbox
(`sandbox.Isolation`, with its zygote and layers), the portable floor it falls back
to where POSIX is missing (a fresh interpreter per file, as on Windows), and a
browser's Web Worker (`web.runner`) are three runners of one kind. Nothing here runs
a process or imports one.
"""
from __future__ import annotations

from types import TracebackType
from typing import Any, Protocol, Sequence

from autograder.calls.limits import Limits
from autograder.calls.outcomes import Answers, Loaded


class Child(Protocol):
    """One student file, loaded where it cannot reach the grader, answering calls."""

    limits: Limits
    gone: str | None          # why it can answer no more, once it cannot
    overran: bool             # stopped at its file's time limit
    output_dropped: int       # characters of what it printed that were not kept
    slowest_call: float | None  # seconds the slowest call computed, where known
    lines_run: list[int] | None  # of the last counted batch (see `call`)
    boards_seen: list[int] | None

    def load(self, source: str, filename: str, modules: dict[str, str],
             own: dict[str, str] | None = None, cells: Sequence[tuple[int, int]] = (),
             carried: Sequence[int] = ()) -> Loaded: ...

    def call(self, name: str, args: Sequence[Sequence[Any]],
             patch: dict[str, Any] | None = None, count_lines: bool = False) -> Answers: ...

    def lines(self, name: str, args: Sequence[Sequence[Any]]) -> list[frozenset[int]]: ...

    def twin(self) -> Child: ...

    def __enter__(self) -> Child: ...

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 trace: TracebackType | None) -> None: ...


class Ahead(Protocol):
    """Children a runner starts ahead for the files to come, for one owner."""

    def close(self) -> None: ...


class Runner(Protocol):
    """Where a submission's files run, each in a child of its own."""

    @property
    def name(self) -> str:
        """The layers it runs children under, as every result records them."""
        ...

    def child(self, limits: Limits, ahead: Any = None, memo: Any = None,
              another: bool = True) -> Child:
        """A child for one file (one of `ahead`, where given; with `another`, the next
        is started meanwhile); `memo` is its owner's record of big replies."""
        ...

    def ahead(self, limits: Limits) -> Ahead | None:
        """Children to start ahead for a submission's files, or None where starting
        one costs too little to be worth it."""
        ...
