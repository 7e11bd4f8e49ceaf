"""What the grader knows of one exercise: its function, checks and known mistakes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .checks import Check
from .mistakes import Mistake
from .probe import Probe
from .properties import Property
from .results import Flag

Flagger = Callable[[Probe], 'Flag | None']


@dataclass(frozen=True)
class Exercise:
    name: str
    params: tuple[str, ...]
    points: float  # the default; grader.toml's [points] may change it
    checks: tuple[Check, ...]
    catalogue: tuple[Mistake, ...]
    flaggers: tuple[Flagger, ...] = ()
    properties: tuple[Property, ...] = ()  # the Hypothesis inputs its checks replay

    @property
    def filename(self) -> str:
        return f'{self.name}.py'

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(self.params)})"
