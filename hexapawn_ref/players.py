"""The lesson's two White players. Each draws from `random` exactly as the
lesson's game file does, so that seeded programs print the page's outputs."""
from __future__ import annotations

import random

from .rules import Move, can_win, has_lost, moves, play


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
