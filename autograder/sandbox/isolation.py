"""How a child is isolated. This floor is always there: its own process group,
a private working folder, rlimits set by the child itself, and the parent's
deadlines. Stronger layers wrap the child's command line."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Isolation:
    """The isolation used for every child of one grading run."""

    layers: tuple[str, ...] = ('process-group', 'rlimits', 'time-limits', 'private-folder')
    memory_bound: bool = True

    @property
    def name(self) -> str:
        return '+'.join(self.layers)

    def wrap(self, argv: list[str], workdir: Path) -> list[str]:
        return argv

    def environment(self) -> dict[str, str]:
        return {'PATH': '/usr/bin:/bin', 'LANG': 'C.UTF-8', 'PYTHONHASHSEED': '0',
                'PYTHONIOENCODING': 'utf-8'}

    def cleanup(self, workdir: Path) -> None:
        """Anything a layer set up for one child goes here."""


FLOOR = Isolation()
