"""Every position reachable in a real game, and the answers derived from them.

Everything here takes the move generator as a parameter (`moves` by default), so
the same code answers for the lesson's rules and for variants of them.
"""
from __future__ import annotations

from functools import lru_cache

from .players import can_win
from .rules import START, Move, MoveMaker, has_lost, mirror, moves, other, play

Position = tuple[str, str]  # (board, side to move)


@lru_cache(maxsize=None)
def explore(moves_fn: MoveMaker = moves, first: str = 'W') -> dict[Position, int]:
    """Each (board, side to move) a game from the start can reach, ended ones
    included, with the fewest moves it takes to get there."""
    seen = {(START, first): 0}
    frontier = [(START, first)]
    while frontier:
        following: list[Position] = []
        for board, side in frontier:
            if has_lost(board, side, moves_fn):
                continue
            for move in moves_fn(board, side):
                nxt = (play(board, move), other(side))
                if nxt not in seen:
                    seen[nxt] = seen[(board, side)] + 1
                    following.append(nxt)
        frontier = following
    return seen


@lru_cache(maxsize=None)
def reachable() -> tuple[Position, ...]:
    """The reachable positions, fewest moves from the start first, then by board."""
    found = explore()
    return tuple(sorted(found, key=lambda pos: (found[pos], pos)))


def distance(position: Position) -> int:
    """How many moves a game needs to reach `position` (it must be reachable)."""
    return explore()[position]


def winner(board: str, side: str) -> str:
    """'W' or 'B' when the game is over and that player won, '' while it goes on."""
    return other(side) if has_lost(board, side) else ''


def canonical(board: str) -> str:
    """The name HER gives a box: the smaller of a board and its mirror image."""
    return min(board, mirror(board))


@lru_cache(maxsize=None)
def boxes(use_mirror: bool, moves_fn: MoveMaker = moves, first: str = 'W') -> tuple[str, ...]:
    """The boards Black can face on its turn in a game not yet over."""
    found = {board for board, side in explore(moves_fn, first)
             if side == 'B' and not has_lost(board, 'B', moves_fn)}
    if use_mirror:
        found = {canonical(board) for board in found}
    return tuple(sorted(found))


def count_boxes(use_mirror: bool, moves_fn: MoveMaker = moves, first: str = 'W') -> list[int]:
    """[boxes, beads]: HER's boxes and the legal Black moves in them."""
    found = boxes(use_mirror, moves_fn, first)
    return [len(found), sum(len(moves_fn(board, 'B')) for board in found)]


def bad_beads() -> list[tuple[str, Move]]:
    """The beads (box, move) in the mirrored boxes after which White can force a win."""
    return [(board, move) for board in boxes(True) for move in moves(board, 'B')
            if can_win(play(board, move), 'W')]
