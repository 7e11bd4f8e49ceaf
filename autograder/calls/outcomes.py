"""What a student's function comes to, whoever ran it: one call (`Outcome`), a batch
of calls (`Answers`), and loading the file that defines it (`Loaded`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence, Union

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


@dataclass(frozen=True)
class Signature:
    required: int
    allowed: int
    varargs: bool
    params: tuple[str, ...]

    def accepts(self, count: int) -> bool:
        return self.required <= count and (self.varargs or count <= self.allowed)


@dataclass(frozen=True)
class LeftOut:
    """A cell carried from another section that was left out of loading, by its place
    among the cells, and what it came to (None: the carried cells had used their time
    before it)."""

    place: int
    outcome: Outcome | None


@dataclass(frozen=True)
class Loaded:
    """What loading a file came to: an error, or the functions it defines."""

    error: Outcome | None
    functions: dict[str, Signature | None] = field(default_factory=dict)
    # the error was one notebook cell's, and the cells after it ran all the same (or,
    # for a timeout, the cells before it had run: it stopped the loading there)
    went_on: bool = False
    stopped_at: int | None = None  # the first line of the cell a timeout stopped
    left_out: tuple[LeftOut, ...] = ()  # cells carried from other sections


@dataclass(frozen=True)
class Answers:
    """What a batch of calls came to: `values` when every call returned a plain value
    (the common case, kept bare: 19,683 of them for mirror), else one outcome per call."""

    values: Sequence[Value] | None
    others: list[Outcome] | None
    printed: str
    # the one big reply every call's outcome came in (see reply_memo), as its digest,
    # the number of calls and the time limit they were read with: the same key, the
    # same outcomes, and the lists shared (never change them)
    key: tuple[bytes, int, float] | None = None

    @property
    def outcomes(self) -> list[Outcome]:
        if self.values is not None:
            return [Returned(value) for value in self.values]
        assert self.others is not None
        return self.others
