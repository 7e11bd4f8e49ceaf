"""A student's mistakes, as checks raise them. Never used for the grader's own bugs."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Call:
    """A call of the student's function, shown so that it can be pasted."""

    function: str
    args: tuple[Any, ...]

    def __str__(self) -> str:
        return f"{self.function}({', '.join(repr(a) for a in self.args)})"


class Failure(Exception):
    """A check found the student's function wrong; `summary` says how, in plain words.
    `hint`, when given, explains this failure better than the check's own nudge."""

    def __init__(self, summary: str, call: Call | None = None, hint: str | None = None
                 ) -> None:
        super().__init__(summary)
        self.summary = summary
        self.call = call
        self.hint = hint

    def kept(self) -> Failure:
        """This failure, to keep once its check is over: without its traceback and the
        exceptions it was raised beside. Those hold the frames of the grading, which
        hold the failure in turn: a cycle that kept each failing student's probe,
        answers and parsed files alive until the garbage collector's next round, and
        made each such round take tens of milliseconds."""
        self.__traceback__ = self.__context__ = self.__cause__ = None
        return self


class Mismatch(Failure):
    """The function gave `got` where `expected` is right."""

    def __init__(self, call: Call, expected: Any, got: Any, summary: str | None = None) -> None:
        super().__init__(summary or f'{call} gave a wrong answer', call)
        self.expected = expected
        self.got = got

