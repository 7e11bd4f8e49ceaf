"""mirror's domain: every board of 9 squares, each '.', 'B' or 'W', simplest first;
the lesson's example; and each board's mirror image, from the reference."""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from hexapawn_ref import mirror as reference

from autograder.checking.boards import simplest_first

EXAMPLE = 'BB..W.W.W'
ALL_BOARDS = simplest_first(''.join(squares) for squares in product('.BW', repeat=9))
EVERY_BOARD = [(board,) for board in ALL_BOARDS]
SAMPLE = [(board,) for board in ALL_BOARDS[:400]]  # enough to tell mistakes apart


@lru_cache(maxsize=None)
def mirrored() -> tuple[str, ...]:
    """Every board's mirror image, in the order of ALL_BOARDS: worked out once."""
    return tuple(reference(board) for board in ALL_BOARDS)
