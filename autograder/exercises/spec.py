"""What the grader knows of one exercise: its function, its checks and known mistakes,
its domain and how a wrong answer on it is described. An exercise is one package of
`exercises` that builds one `Exercise`; nothing elsewhere is keyed by its name."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from autograder.calls.values import Value
from autograder.checking.checks import Check
from autograder.checking.probe import Args, Probe
from autograder.checking.properties import Property
from autograder.diagnosis.description import Description
from autograder.diagnosis.mistakes import Mistake
from autograder.records import Flag

Flagger = Callable[[Probe], 'Flag | None']
Describer = Callable[[Probe], 'Description | None']  # where a wrong function goes wrong
AboutValue = Callable[[Value], 'str | None']  # a hint from the form of a returned value


@dataclass(frozen=True)
class Slow:
    """When a right answer is slow enough to be told so (never to lose points for it),
    and the idea that would speed it up."""

    seconds: float
    tip: str


@dataclass(frozen=True)
class Traced:
    """What the line pointer traces of an exercise (see `diagnosis.lines`): inputs of its
    domain, simplest first; the right answer to each; what one input is called; and
    whether a failing call's input is one the right answer knows."""

    inputs: Callable[[], Sequence[Args]]
    right: Callable[..., Any]
    noun: str
    fits: Callable[[Args], bool]


def _no_hint(value: Value) -> str | None:
    return None


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
    # its whole finite domain, in a fixed order, for descriptions and fingerprints;
    # empty where it has none
    domain: Callable[[], Sequence[Args]] = tuple
    domain_words: str = ''  # that domain for a teacher: 'all 3^9 boards'
    describe: Describer | None = None
    about_value: AboutValue = _no_hint
    traced: Traced | None = None

    @property
    def filename(self) -> str:
        return f'{self.name}.py'

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(self.params)})"
