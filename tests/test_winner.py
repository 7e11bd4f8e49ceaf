"""winner's whole games as the property draws them (autograder/exercises/winner.py):
`every_game`, the finite domain a failing game is narrowed down over."""
from __future__ import annotations

from autograder.exercises.winner import PADDED, every_game
from hexapawn_ref import START, moves, other, play
from hexapawn_ref import winner as reference
from whole_games import LONGEST_GAME, every_list, game_of, simplicity


def test_no_game_outlasts_the_padding() -> None:
    def longest(board: str, side: str) -> int:
        if reference(board, side):
            return 0
        return 1 + max(longest(play(board, move), other(side))
                       for move in moves(board, side))
    assert longest(START, 'W') == LONGEST_GAME <= PADDED


def test_every_game_is_each_game_once_as_the_simplest_list_that_plays_it() -> None:
    simplest: dict[tuple[str, ...], list[int]] = {}
    for choices in every_list():
        game = game_of(choices)
        if game not in simplest or simplicity(choices) < simplicity(simplest[game]):
            simplest[game] = choices
    assert every_game() == sorted(simplest.values(), key=simplicity)
