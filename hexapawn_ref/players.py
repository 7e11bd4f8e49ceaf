"""The lesson's two White players. Each draws from `random` exactly as the
lesson's game file does, so that seeded programs print the page's outputs."""
from __future__ import annotations

import random
from functools import lru_cache

from .rules import Move, has_lost, moves, other, play


def random_white(board: str) -> Move:
    """Any legal White move, each as likely as the others."""
    return random.choice(moves(board, 'W'))


def sharp_white(board: str) -> Move:
    """A move after which Black has lost or cannot force a win, when there is one;
    otherwise any legal move."""
    options = moves(board, 'W')
    strong = [m for m in options
              if has_lost(play(board, m), 'B') or not can_win(play(board, m), 'B')]
    return random.choice(strong if strong else options)


@lru_cache(maxsize=None)
def can_win(board: str, side: str) -> bool:
    """Whether `side`, to move on `board`, can force a win however the other plays.

    Pawns only move forward, so every game ends and there are no draws: a side
    wins exactly when it has a move after which the opponent cannot win.
    """
    if has_lost(board, side):
        return False
    return any(not can_win(play(board, m), other(side)) for m in moves(board, side))
