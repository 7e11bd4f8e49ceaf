"""A property over a small finite domain reports its simplest failing input, found by
trying every input in Hypothesis' order (autograder/properties.py, `simplest_first`;
winner's games, autograder/exercises/winner.py)."""
from __future__ import annotations

from itertools import product
from pathlib import Path
from typing import Any, Callable

import pytest

from autograder.config import Config
from autograder.exercises import BY_NAME
from autograder.exercises.winner import GAMES, HIGHEST_CHOICE, MOST_CHOICES, every_game
from autograder.failures import Failure
from autograder.kit import game_file
from autograder.probe import Probe
from autograder.properties import _run_hypothesis
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import StudentProcess
from hexapawn_ref import START, moves, other, play
from hexapawn_ref import winner as reference

SETTINGS = Config().properties
MISTAKES = Path(__file__).parent / 'unlisted_mistakes' / 'winner'
# wrong winners whose first failing game among those Hypothesis draws is not the
# simplest; with the first, Hypothesis' own shrinking stops short of the simplest
NARROWED = ['stuck_only_for_black.py', 'far_row_slices_short.py', 'only_white_far_row.py',
            'stuck_by_straight_moves_only.py']
LONGEST_GAME = 7


def simplicity(choices: list[int]) -> tuple[int, list[int]]:
    return len(choices), choices


def game_of(choices: list[int]) -> tuple[str, ...]:
    """The positions the check's body walks through for these choices."""
    board, side, seen = START, 'W', [START]
    for choice in choices + [0] * MOST_CHOICES:
        if reference(board, side):
            break
        options = moves(board, side)
        board, side = play(board, options[choice % len(options)]), other(side)
        seen.append(board)
    return tuple(seen)


def every_list(longest: int) -> list[list[int]]:
    """Every list of choices the strategy can draw, up to `longest` long."""
    return [list(choices) for length in range(longest + 1)
            for choices in product(range(HIGHEST_CHOICE + 1), repeat=length)]


def test_every_game_is_each_game_once_as_the_simplest_list_that_plays_it() -> None:
    simplest: dict[tuple[str, ...], list[int]] = {}
    for choices in every_list(LONGEST_GAME):
        game = game_of(choices)
        if game not in simplest or simplicity(choices) < simplicity(simplest[game]):
            simplest[game] = choices
    assert max(len(game) - 1 for game in simplest) == LONGEST_GAME
    # so any longer list plays the game of its first LONGEST_GAME choices, which is
    # no less simple: the lists above are every game there is
    assert every_game() == sorted(simplest.values(), key=simplicity)


def test_the_games_drawn_are_among_every_game() -> None:
    from autograder.properties import examples_for
    games = {game_of(choices) for choices in every_game()}
    assert {game_of(choices) for choices in examples_for(GAMES, SETTINGS)} <= games


def _body_of(probe: Probe, monkeypatch: pytest.MonkeyPatch) -> Callable[[Any], None]:
    """The body winner's whole-games check gives its property, for this probe."""
    bodies: list[Callable[[Any], None]] = []
    with monkeypatch.context() as patched:
        patched.setattr('autograder.exercises.winner.check_property',
                        lambda prop, body, _probe: bodies.append(body))
        check('follows_whole_games')(probe)
    return bodies[0]


def check(name: str) -> Callable[[Probe], None]:
    return next(c for c in BY_NAME['winner'].checks if c.name == name).run


def fails(body: Callable[[Any], None], choices: list[int]) -> Failure | None:
    try:
        body(choices)
    except Failure as failure:
        return failure
    return None


@pytest.mark.parametrize('name', NARROWED)
def test_a_failing_game_is_narrowed_to_the_simplest_without_hypothesis(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import autograder.properties as properties
    monkeypatch.setattr(properties, '_DECIDED', {})
    with StudentProcess(Config().limits, FLOOR) as child:
        child.load((MISTAKES / name).read_text(encoding='utf-8'), 'winner.py',
                   {'hexapawn': game_file()})
        probe = Probe(child, 'winner', SETTINGS)
        body = _body_of(probe, monkeypatch)
        failing = [choices for choices in every_list(LONGEST_GAME) if fails(body, choices)]
        simplest = min(failing, key=simplicity)

        shrunk: list[list[int]] = []  # each input Hypothesis' shrinking saw fail

        def watched(choices: list[int]) -> None:
            try:
                body(choices)
            except Failure:
                shrunk.append(list(choices))
                raise
        with pytest.raises(Failure):
            _run_hypothesis(GAMES, watched, SETTINGS)

        def refuse(*args: Any) -> None:
            raise AssertionError('Hypothesis was run')
        monkeypatch.setattr(properties, '_run_hypothesis', refuse)
        with pytest.raises(Failure) as said:
            check('follows_whole_games')(probe)
        expected = fails(body, simplest)
    assert expected is not None and said.value.summary == expected.summary
    assert (said.value.expected, said.value.got) == (expected.expected, expected.got)
    # never less simple than what Hypothesis reports (the last input it saw fail)
    assert simplicity(simplest) <= simplicity(shrunk[-1])


def test_a_game_with_a_call_that_raised_is_still_shrunk_by_hypothesis(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a deciding call raised, the error's line is the student's own and is left
    to Hypothesis, as before: only known plain answers are searched in turn."""
    import autograder.properties as properties
    monkeypatch.setattr(properties, '_DECIDED', {})
    shrinks: list[str] = []
    real = properties._shrink
    monkeypatch.setattr(properties, '_shrink',
                        lambda prop, *rest: (shrinks.append(prop.name), real(prop, *rest)))
    text = (MISTAKES / 'stuck_only_for_black.py').read_text(encoding='utf-8').replace(
        "return ''", "return '' if board.count('.') < 6 else 1 // 0", 1)
    assert text.count('1 // 0') == 1
    with StudentProcess(Config().limits, FLOOR) as child:
        child.load(text, 'winner.py', {'hexapawn': game_file()})
        with pytest.raises(Failure):
            check('follows_whole_games')(Probe(child, 'winner', SETTINGS))
    assert shrinks == ['winner.whole_games']
