"""What one call into a child can come to."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Union

from autograder.calls.values import Value


@dataclass(frozen=True, slots=True)  # slots: made 19,683 at a time, for mirror
class Returned:
    value: Value


@dataclass(frozen=True)
class Raised:
    """The student's function raised; `line` is in their own file, when known."""

    type_name: str
    message: str
    line: int | None

    def describe(self, place: Callable[[int], str] | None = None) -> str:
        """What was raised, and where; `place` names a line as the student finds it
        (in a notebook, a cell and a line of it)."""
        where = f' ({place(self.line) if place else f"line {self.line}"})' if self.line else ''
        message = f': {self.message}' if self.message else ''
        return f'raised {self.type_name}{message}{where}'


@dataclass(frozen=True)
class Seen:
    """What the child's clock saw a call doing in the second half of its time: how
    deep the student's own functions were (first and last look, and the deepest),
    the lines of the student's file it was on, and every function that ran."""

    first_depth: int
    depth: int
    deepest: int
    lines: tuple[int, ...]
    calls: tuple[str, ...]


@dataclass(frozen=True)
class TimedOut:
    seconds: float
    waited: bool = False  # waiting (a sleep), not computing
    seen: Seen | None = field(default=None, compare=False)  # for a hint, not a verdict

    def describe(self) -> str:
        return f'was still {"waiting" if self.waited else "running"} after {self.seconds:g} s'


@dataclass(frozen=True)
class NotTried:
    """Not called: an earlier call of the same batch ran past its time limit, and
    waiting out every call of a batch would cost the whole file's time."""

    def describe(self) -> str:
        return 'was not tried: an earlier call ran past its time limit'


@dataclass(frozen=True)
class Died:
    """The child is gone: it exited, crashed, or was stopped at its file time limit."""

    reason: str

    def describe(self) -> str:
        return self.reason


Outcome = Union[Returned, Raised, TimedOut, NotTried, Died]
