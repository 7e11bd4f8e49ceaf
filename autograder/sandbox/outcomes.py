"""What one call into a child can come to."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .values import Value


@dataclass(frozen=True)
class Returned:
    value: Value


@dataclass(frozen=True)
class Raised:
    """The student's function raised; `line` is in their own file, when known."""

    type_name: str
    message: str
    line: int | None

    def describe(self) -> str:
        where = f' (line {self.line})' if self.line else ''
        message = f': {self.message}' if self.message else ''
        return f'raised {self.type_name}{message}{where}'


@dataclass(frozen=True)
class TimedOut:
    seconds: float

    def describe(self) -> str:
        return f'did not finish within {self.seconds:g} s'


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
