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

TYPE_CHECKING = False  # typing is not imported in a child (see child.py)
if TYPE_CHECKING:
    from typing import Any, Callable

BUFFER = 1 << 13
PIECE = 1 << 16  # bytes of one write looked at at once
HANDED_MOST = 4  # buffers given out by detaching the stream; then the last again
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
        self.kept_bytes = 0
        self.dropped = 0  # characters
        self.cutting = False  # a character has been dropped: all after it go too

    def writable(self) -> bool:
        return True

    def close(self) -> None:
        """Nothing: it is memory, and open for as long as the child lives."""

    def write(self, data: Any) -> int:
        view = memoryview(data).cast('B')
        for start in range(0, len(view), PIECE):  # a piece at a time: not copied again
            self._piece(bytes(view[start:start + PIECE]))
        return len(view)

    def _piece(self, data: bytes) -> None:
        if self.cutting:
            self.dropped += _starts(data)
            return
        room = self.limit - self.kept
        starts = _starts(data)
        # UTF-8 takes at most four bytes a character; bytes written straight to
        # sys.stdout.buffer may begin none at all, so they are capped by their count too
        most = self.limit * 4 + 3 - self.kept_bytes
        if starts <= room and len(data) <= most:  # the common case: all of it fits
            self.parts.append(data)
            self.kept += starts
            self.kept_bytes += len(data)
            return
        # up to the first character that does not fit (with the rest of the last one
        # that does); all after it is only counted
        kept = data[:min(_start_of(data, room), most)]
        self.parts.append(kept)
        self.kept += _starts(kept)
        self.kept_bytes += len(kept)
        self.dropped += starts - _starts(kept)
        self.cutting = True

    def take(self) -> tuple[str, int]:
        data, dropped = b''.join(self.parts), self.dropped
        self.parts, self.cutting = [], False
        self.kept = self.kept_bytes = self.dropped = 0
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


class _Stream(io.TextIOWrapper):
    """What `sys.stdout` and `sys.stderr` both are: closing it only flushes it (one of
    them closed, the other still prints, as at home), and detaching it gives a buffer
    of its own over the same bytes, leaving the stream attached (the usual way to
    print UTF-8 through a stream of one's own must not cut off the other one)."""

    hand_out: Callable[[], io.BufferedWriter]

    def close(self) -> None:
        self.flush()

    def detach(self) -> Any:
        self.flush()
        return self.hand_out()


class Printed:
    """What `sys.stdout` and `sys.stderr` are in the child (`install`): `take` gives
    what a request printed, and starts afresh."""

    def __init__(self, limit: int) -> None:
        self._kept = _Kept(limit)
        self._handed: list[io.BufferedWriter] = []  # buffers given out by `detach`
        self.stream = self._open()

    def _open(self) -> _Stream:
        stream = _Stream(io.BufferedWriter(self._kept, BUFFER), encoding='utf-8',
                         errors=ERRORS, newline='\n')
        stream.hand_out = self._hand_out
        return stream

    def _hand_out(self) -> io.BufferedWriter:
        if len(self._handed) < HANDED_MOST:
            self._handed.append(io.BufferedWriter(self._kept, BUFFER))
        return self._handed[-1]

    def install(self) -> None:
        sys.stdout = sys.stderr = self.stream

    def take(self) -> dict[str, Any]:
        try:
            self.stream.flush()
        except (ValueError, OSError):  # its buffer closed or detached by the student:
            old, self.stream = self.stream, self._open()  # a new one, for the next
            if sys.stdout is old:  # request, as a fresh program would find
                sys.stdout = self.stream
            if sys.stderr is old:
                sys.stderr = self.stream
        for handed in self._handed:  # (what a stream of the student's own holds back
            try:  # over one of them, it never gives us: it is not ours to flush)
                handed.flush()
            except (ValueError, OSError):
                pass
        text, dropped = self._kept.take()
        return {'text': text, 'dropped': dropped}
