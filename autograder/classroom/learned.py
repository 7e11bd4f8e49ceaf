"""What the workers of a batch worked out that the others can use (see `answer_memo`):
each thing kept once, in the order it came, and every worker given, with its next
job, what the others worked out since its last."""
from __future__ import annotations

from typing import Sequence

from ..answer_memo import Learned


class Shared:
    """The entries learned in one batch, and how far each worker has been given them."""

    def __init__(self) -> None:
        self._learned: list[tuple[object, Learned]] = []
        self._given: dict[object, int] = {}  # how far into `_learned` each worker is

    def learn(self, worker: object, entries: Sequence[Learned]) -> None:
        """What `worker` worked out during the job it just ended."""
        self._learned += [(worker, entry) for entry in entries]

    def since(self, worker: object) -> tuple[Learned, ...]:
        """What the others worked out since `worker` was last asked about; nothing for a
        worker new to the batch (one that replaces another, say): all of it could be a
        message too big to wait on while the worker starts, and it learns on its own."""
        start = self._given.get(worker)
        self._given[worker] = len(self._learned)
        if start is None:
            return ()
        return tuple(entry for source, entry in self._learned[start:] if source is not worker)
