"""The limits one child runs under, as the config sets them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    call_seconds: float = 2.0
    file_seconds: float = 20.0
    memory_mb: int = 512
    output_kb: int = 64
    file_kb: int = 1024

    def for_child(self) -> dict[str, float | int]:
        """The plain settings the child applies to itself before any student code runs."""
        return {
            'call_seconds': self.call_seconds,
            'load_seconds': min(self.file_seconds, max(self.call_seconds, 5.0)),
            'memory_bytes': self.memory_mb * 1024 * 1024,
            'file_bytes': self.file_kb * 1024,
            'output_chars': self.output_kb * 1024,
            'cpu_seconds': int(self.file_seconds) + 2,
            'processes': 32,
        }
