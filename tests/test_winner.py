"""winner's whole games as the property draws them (autograder/exercises/winner/exercise.py):
`every_game`, the finite domain a failing game is narrowed down over, and the check
that narrows a failing game down to the simplest (with autograder/checking/properties.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from autograder.checking.failures import Failure, Mismatch
from autograder.checking.probe import Probe
from autograder.checking.properties import Body, examples_for
from autograder.exercises import BY_NAME
from autograder.exercises.winner.checks import GAMES, PADDED, every_game
from autograder.kit.paths import game_file
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import StudentProcess
from autograder.settings.config import Config
from hexapawn_ref import START, moves, other, play
from hexapawn_ref.positions import winner as reference

from whole_games import LONGEST_GAME, every_list, game_of, simplicity

SETTINGS = Config().properties
MISTAKES = Path(__file__).parent / 'unlisted_mistakes' / 'winner'
WHOLE_GAMES = next(c for c in BY_NAME['winner'].checks if c.name == 'follows_whole_games').run


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


# wrong winners whose first failing game among those Hypothesis draws is not the
# simplest failing game (the test checks that much too)
NARROWED = ['stuck_only_for_black.py', 'only_white_far_row.py',
            'stuck_by_straight_moves_only.py']


def failure_of(body: Body, example: Any) -> Failure | None:
    try:
        body(example)
    except Failure as failure:
        return failure
    return None


@pytest.mark.parametrize('name', NARROWED)
def test_a_failing_game_is_narrowed_to_the_simplest_without_hypothesis(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import autograder.checking.properties as properties
    drawn = examples_for(GAMES, SETTINGS)  # before Hypothesis is refused below
    text = (MISTAKES / name).read_text(encoding='utf-8')
    with StudentProcess(Config().limits, FLOOR) as child:
        child.load(text, 'winner.py', {'hexapawn': game_file()})
        probe = Probe(child, 'winner', SETTINGS)
        bodies: list[Body] = []
        with monkeypatch.context() as patched:  # the body the check hands the property
            patched.setattr('autograder.exercises.winner.checks.check_property',
                            lambda prop, body, _probe: bodies.append(body))
            WHOLE_GAMES(probe)
        body = bodies[0]
        simplest = min((c for c in every_list() if failure_of(body, c)), key=simplicity)
        first_drawn = next(c for c in drawn if failure_of(body, c))
        expected = failure_of(body, simplest)

        def refuse(*args: Any) -> None:
            raise AssertionError('Hypothesis was run')
        monkeypatch.setattr(properties, '_run_hypothesis', refuse)
        with pytest.raises(Mismatch) as said:
            WHOLE_GAMES(probe)
    assert simplicity(simplest) < simplicity(first_drawn)  # there was narrowing to do
    assert isinstance(expected, Mismatch)
    assert (said.value.summary, said.value.expected, said.value.got) == \
        (expected.summary, expected.expected, expected.got)


def test_a_game_with_a_call_that_raised_is_still_shrunk_by_hypothesis(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a deciding call raised, the error's line is the student's own: that is
    left to Hypothesis, as before; only plain answers are searched in turn."""
    import autograder.checking.properties as properties
    shrinks: list[str] = []
    shrink = properties._shrink

    def counted(prop: Any, *rest: Any) -> None:
        shrinks.append(prop.name)
        shrink(prop, *rest)
    monkeypatch.setattr(properties, '_shrink', counted)
    text = (MISTAKES / 'stuck_only_for_black.py').read_text(encoding='utf-8').replace(
        "return ''", "return '' if board.count('.') < 6 else 1 // 0", 1)
    assert text.count('1 // 0') == 1
    with StudentProcess(Config().limits, FLOOR) as child:
        child.load(text, 'winner.py', {'hexapawn': game_file()})
        with pytest.raises(Failure):
            WHOLE_GAMES(Probe(child, 'winner', SETTINGS))
    assert shrinks == ['winner.whole_games']
