"""The limits one child runs under, as the config sets them."""
from __future__ import annotations

from dataclasses import dataclass

# Limits count computing (CPU) time, so that a busy machine does not turn a slow
# answer into a timeout; a call that waits instead (a sleep) is stopped after this
# many times its limit in real time, which also leaves room for a loaded machine.
WAITING = 3


@dataclass(frozen=True)
class Limits:
    call_seconds: float = 0.5
    # a file's top level: a notebook's may run the lesson's experiments, which take a
    # good part of a second
    load_seconds: float = 2.0
    file_seconds: float = 20.0
    memory_mb: int = 512
    output_kb: int = 64
    file_kb: int = 1024

    def for_child(self) -> dict[str, float | int]:
        """The plain settings the child applies to itself before any student code runs."""
        load = min(self.file_seconds, self.load_seconds)
        return {
            'call_seconds': self.call_seconds,
            'call_wait_seconds': self.call_seconds * WAITING,
            'load_seconds': load,
            'load_wait_seconds': load * WAITING,
            'memory_bytes': self.memory_mb * 1024 * 1024,
            'file_bytes': self.file_kb * 1024,
            'output_chars': self.output_kb * 1024,
            'cpu_seconds': int(self.file_seconds) + 2,
            'processes': 32,
        }


def together(limits: list[Limits]) -> Limits:
    """Limits for a child that may hold any of several exercises' files (one started
    before it is known which): each file's own time limits go with its requests; the
    process as a whole is held to the largest of each of the others, and to all their
    time budgets together for its computing (the parent stops it far sooner)."""
    return Limits(call_seconds=max(l.call_seconds for l in limits),
                  load_seconds=max(l.load_seconds for l in limits),
                  file_seconds=sum(l.file_seconds for l in limits),
                  memory_mb=max(l.memory_mb for l in limits),
                  output_kb=max(l.output_kb for l in limits),
                  file_kb=max(l.file_kb for l in limits))
