"""winner's checks, in the order a student meets them, and the whole games one of them
plays with Hypothesis' choices."""
from __future__ import annotations

from functools import cache
from typing import Any

from hexapawn_ref import START, moves, other, play

from autograder.checking.checks import CheckList, agree, require_type, same_answers, silent
from autograder.checking.failures import Failure, Mismatch
from autograder.checking.probe import Probe
from autograder.checking.properties import Property, check_property
from autograder.exercises.winner.domain import ENDED, EXAMPLES, GOING_ON, POSITIONS
from autograder.reference.facts import winner as reference

CHECKS = CheckList()


@CHECKS.add(weight=0, nudge="Give back one of three strings: 'W', 'B' or '' (an empty string).")
def returns_text(probe: Probe) -> None:
    """winner returns a string: 'W', 'B' or ''"""
    for args in EXAMPLES + [(START, 'W')]:
        call = probe.call_of(args)
        got = probe.value(*args)
        require_type(call, got, str)
        if got not in ('W', 'B', ''):
            raise Failure(f"{call} returned {got!r}, expected 'W', 'B' or ''", call)


@CHECKS.add(weight=1, needs=[returns_text],
            nudge="Check Gardner's three ways to win, for the player who moved last.")
def lesson_examples(probe: Probe) -> None:
    """winner gives the lesson's two examples right"""
    agree(probe, EXAMPLES, [reference(*args) for args in EXAMPLES], str,
          'an example from the exercise')


@CHECKS.add(weight=3, needs=[returns_text],
            nudge='A game is over when a pawn reached the far row, all enemy pawns are gone, '
                  'or the player to move is stuck; then the player who just moved has won.')
def ended_games_have_a_winner(probe: Probe) -> None:
    """every game that is over has a winner: the player who just moved (65 positions)"""
    agree(probe, ENDED, [reference(*args) for args in ENDED], str,
          'this game is over: who won?')


@CHECKS.add(weight=2, needs=[ended_games_have_a_winner],
            nudge="While the player to move can still move and nobody reached a far row, "
                  "the game goes on: give back ''.")
def going_games_have_none(probe: Probe) -> None:
    """a game that goes on has no winner yet (70 positions)"""
    agree(probe, GOING_ON, [''] * len(GOING_ON), str,
          'this game goes on, so nobody has won yet')


# a game is the list of choices drawn, each taken modulo the moves there are, then the
# first move of every position after them, PADDED times: more moves than any game lasts
MOST_CHOICES, HIGHEST_CHOICE, PADDED = 10, 3, 10


def _move_choices() -> Any:
    from hypothesis import strategies as st
    return st.lists(st.integers(min_value=0, max_value=HIGHEST_CHOICE),
                    max_size=MOST_CHOICES)


@cache
def every_game() -> list[list[int]]:
    """Every game `_move_choices` can play, each as the simplest list of choices that
    plays it, simplest first (shorter, then smaller: Hypothesis' order). That list takes
    each move's own index, with no first moves at its end: any other list that plays
    the game is no shorter, and no smaller where it is as long. No game lasts longer
    than the padding with first moves (seven moves at most; a test holds the rules to
    that), so every list plays a whole game."""
    found: list[list[int]] = []

    def walk(board: str, side: str, choices: list[int]) -> None:
        if not choices or choices[-1]:
            found.append(choices)
        if reference(board, side) or len(choices) == MOST_CHOICES:
            return
        options = moves(board, side)
        for choice in range(min(len(options), HIGHEST_CHOICE + 1)):
            walk(play(board, options[choice]), other(side), choices + [choice])
    walk(START, 'W', [])
    return sorted(found, key=lambda choices: (len(choices), choices))


GAMES = Property('winner.whole_games', _move_choices, decided_by=lambda: POSITIONS,
                 simplest_first=every_game)
# games replay the same few positions for every student: work each out once
_winner, _moves, _play = cache(reference), cache(moves), cache(play)


# Every position of a game is among the 135 checked above, so this check earns no
# points of its own: it shows a failure as a game played move by move.
@CHECKS.add(weight=0, needs=[lesson_examples],
            nudge='Play the game above move by move, and look at the first position where '
                  'your answer goes wrong.')
def follows_whole_games(probe: Probe) -> None:
    """winner follows whole games, move by move, to their end"""
    probe.outcomes(POSITIONS)  # every position a game can pass through, in one batch

    def game(choices: list[int]) -> None:
        board, side = START, 'W'
        for choice in choices + [0] * PADDED:
            got = probe.value(board, side)
            want = _winner(board, side)
            if type(got) is not str or got != want:
                raise Mismatch(probe.call_of((board, side)), want, got)
            if want:  # the game is over
                return
            options = _moves(board, side)
            board, side = _play(board, options[choice % len(options)]), other(side)
    check_property(GAMES, game, probe)


@CHECKS.add(weight=1, needs=[ended_games_have_a_winner],
            nudge='Compute the answer from the board alone, with nothing kept between calls.')
def same_every_time(probe: Probe) -> None:
    """winner gives the same answer every time it is asked"""
    same_answers(probe, EXAMPLES + POSITIONS[:20] + EXAMPLES)


@CHECKS.add(weight=0, needs=[ended_games_have_a_winner], advisory=True,
            nudge='Printing costs no points here, but a function that only gives its '
                  'answer back is easier to use again: take the print() calls out of '
                  'winner when you no longer need them.')
def prints_nothing(probe: Probe) -> None:
    """winner prints nothing: it gives its answer back with return"""
    silent(probe, EXAMPLES[1])

