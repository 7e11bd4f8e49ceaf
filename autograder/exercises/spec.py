"""What the grader knows of one exercise: its function, checks and known mistakes."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from autograder.checking.checks import Check
from autograder.checking.probe import Probe
from autograder.checking.properties import Property
from autograder.diagnosis.mistakes import Mistake
from autograder.records import Flag

Flagger = Callable[[Probe], 'Flag | None']


@dataclass(frozen=True)
class Slow:
    """When a right answer is slow enough to be told so (never to lose points for it),
    and the idea that would speed it up."""

    seconds: float
    tip: str


@dataclass(frozen=True)
class Exercise:
    name: str
    params: tuple[str, ...]
    points: float  # the default; grader.toml's [points] may change it
    checks: tuple[Check, ...]
    catalogue: tuple[Mistake, ...]
    flaggers: tuple[Flagger, ...] = ()
    properties: tuple[Property, ...] = ()  # the Hypothesis inputs its checks replay
    # words that name it in a heading of a notebook or a one-file hand-in (lower case);
    # its stars there are its place in the registry
    titles: tuple[str, ...] = ()
    # its own time limits, over grader.toml's [limits] (which a teacher may set again)
    limits: Mapping[str, float] = field(default_factory=dict)
    slow: Slow | None = None
    # the lesson's line that tries it, as students leave it under their answer
    tries: str = ''

    @property
    def filename(self) -> str:
        return f'{self.name}.py'

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(self.params)})"
