"""What a student's code prints, as the child keeps it: the first so many characters
of each request's output, and a count of the rest.

`print()` goes through a text layer and a buffer written in C, as it does at home
(where output goes to a terminal or to nowhere): a function that prints on every
one of 19,683 calls pays what it would pay there, and only a full buffer reaches
the Python below. Standard library only: the child loads this file by path.
"""
from __future__ import annotations

import io
import sys
from typing import Any

BUFFER = 1 << 13
PIECE = 1 << 16  # bytes of one write looked at at once
# UTF-8 bytes that continue a character: every other byte starts one
CONTINUING = bytes(range(0x80, 0xC0))
# a lone surrogate prints (Jupyter prints it too) and reads back as it was written
ERRORS = 'surrogatepass'


def _starts(data: bytes) -> int:
    """How many characters begin in these bytes of UTF-8."""
    return len(data.translate(None, CONTINUING))


class _Kept(io.RawIOBase):
    """The bytes under the text layer: the first `limit` characters kept whole, the
    rest only counted."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.parts: list[bytes] = []
        self.kept = 0  # characters
        self.dropped = 0  # characters
        self.cutting = False  # a character has been dropped: all after it go too

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        view = memoryview(data).cast('B')
        for start in range(0, len(view), PIECE):  # one huge print is not copied whole
            self._piece(bytes(view[start:start + PIECE]))
        return len(view)

    def _piece(self, data: bytes) -> None:
        if self.cutting:
            self.dropped += _starts(data)
            return
        room = self.limit - self.kept
        starts = _starts(data)
        if starts <= room:  # the common case: all of it fits
            self.parts.append(data)
            self.kept += starts
            return
        cut = _start_of(data, room)  # the bytes before the first character that does not
        self.parts.append(data[:cut])  # fit (and the rest of the last one that does)
        self.kept += room
        self.dropped += starts - room
        self.cutting = True

    def take(self) -> tuple[str, int]:
        data, dropped = b''.join(self.parts), self.dropped
        self.parts, self.kept, self.dropped, self.cutting = [], 0, 0, False
        try:
            return data.decode('utf-8', ERRORS), dropped
        except UnicodeDecodeError:  # bytes written to sys.stdout.buffer: any at all
            return data.decode('utf-8', 'replace'), dropped


def _start_of(data: bytes, number: int) -> int:
    """The index where character `number` (from 0) begins in `data`, or its length."""
    seen = 0
    for index, byte in enumerate(data):
        if byte & 0xC0 != 0x80:
            if seen == number:
                return index
            seen += 1
    return len(data)


class Printed:
    """What `sys.stdout` and `sys.stderr` are in the child (`install`): `take` gives
    what a request printed, and starts afresh."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._kept = _Kept(limit)
        self.stream = self._open()

    def _open(self) -> io.TextIOWrapper:
        return io.TextIOWrapper(io.BufferedWriter(self._kept, BUFFER), encoding='utf-8',
                                errors=ERRORS, newline='\n')

    def install(self) -> None:
        sys.stdout = sys.stderr = self.stream

    def take(self) -> dict[str, Any]:
        try:
            self.stream.flush()
            text, dropped = self._kept.take()
        except (ValueError, OSError):  # the student closed or detached it: what it held
            text, dropped = self._kept.take()  # is kept all the same, and the next
            ours = sys.stdout is self.stream  # request finds a new one, as a fresh
            self._kept = _Kept(self.limit)  # program would
            self.stream = self._open()
            if ours:
                self.install()
        return {'text': text, 'dropped': dropped}
