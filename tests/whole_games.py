"""winner's whole games as its check walks them, worked out here from the rules alone,
to hold `every_game` and the narrowing of a failing game to (test_winner.py,
test_properties.py)."""
from __future__ import annotations

from itertools import product

from autograder.exercises.winner.checks import HIGHEST_CHOICE, PADDED
from hexapawn_ref import START, moves, other, play
from hexapawn_ref.positions import winner as reference

LONGEST_GAME = 7  # moves, from the start to a winner, whichever are played


def simplicity(choices: list[int]) -> tuple[int, list[int]]:
    """Hypothesis' order for a list of small integers: shorter first, then smaller."""
    return len(choices), choices


def game_of(choices: list[int]) -> tuple[str, ...]:
    """The positions the whole-games check walks through for these choices: each taken
    modulo the moves there are, then first moves, to the game's end."""
    board, side, seen = START, 'W', [START]
    for choice in choices + [0] * PADDED:
        if reference(board, side):
            break
        options = moves(board, side)
        board, side = play(board, options[choice % len(options)]), other(side)
        seen.append(board)
    return tuple(seen)


def every_list(longest: int = LONGEST_GAME) -> list[list[int]]:
    """Every list of choices the strategy can draw, up to `longest` long: a longer one
    plays the game of its first LONGEST_GAME choices, and is less simple."""
    return [list(choices) for length in range(longest + 1)
            for choices in product(range(HIGHEST_CHOICE + 1), repeat=length)]
