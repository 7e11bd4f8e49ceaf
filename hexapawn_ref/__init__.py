"""The reference engine for the hexapawn exercises. Trusted: the grader's side only.

Student code never imports this package while it is graded; answers are computed
here, in the grader's process, and compared with what the student's code returns.
"""
from .players import random_white, sharp_white
from .positions import (Position, bad_beads, boxes, canonical, count_boxes, distance,
                        explore, reachable, winner)
from .rules import START, Move, can_win, has_lost, mirror, moves, other, play, show

__all__ = [
    'START', 'Move', 'Position', 'bad_beads', 'boxes', 'can_win', 'canonical', 'count_boxes',
    'distance', 'explore', 'has_lost', 'mirror', 'moves', 'other', 'play',
    'random_white', 'reachable', 'sharp_white', 'show', 'winner',
]
