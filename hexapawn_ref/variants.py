"""Rules that differ from the lesson's, to see whether an answer follows the rules.

The variant is kept as source text so that the very same code can be sent to a
child (where it replaces the student's `moves`) and run here by the reference."""
from __future__ import annotations

from typing import Callable

from .rules import Move

NO_CAPTURES = '''
def moves(board, side):
    step = -3 if side == 'W' else 3
    return [(sq, sq + step) for sq in range(9)
            if board[sq] == side and 0 <= sq + step <= 8 and board[sq + step] == '.']
'''


def compiled(source: str) -> Callable[[str, str], list[Move]]:
    """The `moves` function a variant's source defines."""
    namespace: dict[str, object] = {}
    exec(compile(source, '<rules variant>', 'exec'), namespace)
    return namespace['moves']  # type: ignore[return-value]


no_captures = compiled(NO_CAPTURES)
