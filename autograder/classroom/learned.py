"""What the workers of a batch worked out that the others can use (see `answer_memo`):
each thing kept once, in the order it came, and every worker given, with its next
job, what the others worked out since its last."""
from __future__ import annotations

from typing import Sequence

from ..answer_memo import Learned


class Shared:
    def __init__(self) -> None:
        self._learned: list[tuple[object, Learned]] = []
        self._given: dict[object, int] = {}  # how far into `_learned` each worker is

    def learn(self, worker: object, entries: Sequence[Learned]) -> None:
        """What `worker` worked out during the job it just ended."""
        self._learned += [(worker, entry) for entry in entries]

    def since(self, worker: object) -> tuple[Learned, ...]:
        """What the others worked out since `worker` was last asked about (all of it
        for a worker new to the batch)."""
        start, self._given[worker] = self._given.get(worker, 0), len(self._learned)
        return tuple(entry for source, entry in self._learned[start:] if source is not worker)
