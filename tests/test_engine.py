"""The reference engine (hexapawn_ref) and the student kit's game file, which must agree.

Property tests over the rules, the counts the lesson states, and the whole finite
domain for the game file: every board for the rules, every reachable position for
the players, drawing from `random` exactly as the reference does.
"""
from __future__ import annotations

import importlib.util
import io
import random
from contextlib import redirect_stdout
from itertools import product
from types import ModuleType

import pytest
from hypothesis import given, settings, strategies as st

import hexapawn_ref as ref
from autograder.kit.paths import KIT
from hexapawn_ref import players, positions as search

ALL_BOARDS = [''.join(squares) for squares in product('.BW', repeat=9)]
POSITIONS = list(search.reachable())
LIVE = [(board, side) for board, side in POSITIONS if not ref.has_lost(board, side)]

boards = st.text(alphabet='.BW', min_size=9, max_size=9)
sides = st.sampled_from(['W', 'B'])
positions = st.sampled_from(POSITIONS)
# a game is a list of choices: at each turn, the move at that index (modulo how many)
choices = st.lists(st.integers(min_value=0, max_value=8), max_size=20)

fast = settings(max_examples=200, deadline=None, database=None, derandomize=True)


def _square(sq: int) -> int:
    """The square that `sq` becomes in the mirror."""
    return sq // 3 * 3 + 2 - sq % 3


def _game(picks: list[int]) -> list[tuple[str, str]]:
    """The positions of one game from the start, to its end."""
    board, side = ref.START, 'W'
    seen = [(board, side)]
    for pick in picks + [0] * 20:
        if ref.has_lost(board, side):
            break
        options = ref.moves(board, side)
        board, side = ref.play(board, options[pick % len(options)]), ref.other(side)
        seen.append((board, side))
    return seen


# -- the rules ------------------------------------------------------------------------

@fast
@given(st.text(min_size=9, max_size=9))
def test_mirror_is_an_involution(board: str) -> None:
    assert ref.mirror(ref.mirror(board)) == board
    assert [row[::-1] for row in (board[0:3], board[3:6], board[6:9])] == \
        [ref.mirror(board)[i:i + 3] for i in (0, 3, 6)]


@fast
@given(boards, sides)
def test_mirror_commutes_with_moves_and_play(board: str, side: str) -> None:
    mirrored = ref.moves(ref.mirror(board), side)
    assert sorted(mirrored) == sorted((_square(a), _square(b)) for a, b in ref.moves(board, side))
    for a, b in ref.moves(board, side):
        assert ref.play(ref.mirror(board), (_square(a), _square(b))) == \
            ref.mirror(ref.play(board, (a, b)))
    assert ref.has_lost(ref.mirror(board), side) == ref.has_lost(board, side)


@fast
@given(choices)
def test_every_game_ends(picks: list[int]) -> None:
    # each move takes a pawn one row forward, and six pawns have two rows each to go
    game = _game(picks)
    board, side = game[-1]
    assert ref.has_lost(board, side)
    assert len(game) - 1 <= 12
    assert search.winner(board, side) == ref.other(side)
    assert all(search.winner(b, s) == '' for b, s in game[:-1])


@fast
@given(boards, sides)
def test_winner_agrees_with_has_lost(board: str, side: str) -> None:
    # Gardner's three ways to lose, for the side to move, said once more independently
    enemy = ref.other(side)
    home = board[6:9] if side == 'W' else board[0:3]
    lost = enemy in home or side not in board or not ref.moves(board, side)
    assert ref.has_lost(board, side) == lost
    assert search.winner(board, side) == (enemy if lost else '')


@fast
@given(positions)
def test_a_reachable_position_is_reached_by_a_game(position: tuple[str, str]) -> None:
    board, side = position
    assert search.distance(position) % 2 == (0 if side == 'W' else 1)
    assert board.count('B') <= 3 and board.count('W') <= 3


def test_the_counts_the_lesson_states() -> None:
    assert len(POSITIONS) == 135
    assert len(LIVE) == 70
    assert sum(ref.has_lost(board, side) for board, side in POSITIONS) == 65
    assert search.count_boxes(True) == [19, 47]
    assert search.count_boxes(False) == [37, 90]
    assert len(search.boxes(True)) == 19 and len(search.boxes(False)) == 37
    assert len(search.bad_beads()) == 17
    assert POSITIONS[0] == (ref.START, 'W')


def test_the_mirrored_boxes_are_the_unmirrored_ones_up_to_the_mirror() -> None:
    assert set(search.boxes(True)) == {search.canonical(board) for board in search.boxes(False)}
    assert all(ref.mirror(board) in search.boxes(False) for board in search.boxes(False))


def test_black_wins_with_best_play() -> None:
    assert not players.can_win(ref.START, 'W')
    assert all(players.can_win(ref.play(ref.START, move), 'B')
               for move in ref.moves(ref.START, 'W'))


@fast
@given(positions, st.integers(min_value=0, max_value=2 ** 32))
def test_the_players_play_legal_moves(position: tuple[str, str], seed: int) -> None:
    board, side = position
    if side != 'W' or ref.has_lost(board, 'W'):
        return
    for player in (players.random_white, players.sharp_white):
        random.seed(seed)
        assert player(board) in ref.moves(board, 'W')


# -- the game file of the student kit behaves as the reference --------------------------

@pytest.fixture(scope='module')
def kit() -> ModuleType:
    spec = importlib.util.spec_from_file_location('kit_hexapawn', KIT / 'hexapawn.py')
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_game_file_has_the_rules_on_every_board(kit: ModuleType) -> None:
    assert kit.START == ref.START
    for board in ALL_BOARDS:
        assert kit.mirror(board) == ref.mirror(board)
        for side in 'WB':
            found = kit.moves(board, side)
            assert found == ref.moves(board, side), (board, side)
            assert kit.has_lost(board, side) == ref.has_lost(board, side), (board, side)
            for move in found:
                assert kit.play(board, move) == ref.play(board, move)


def test_the_game_file_sees_who_can_win_as_the_reference(kit: ModuleType) -> None:
    for board, side in POSITIONS:
        assert kit.can_win(board, side) == players.can_win(board, side), (board, side)
    for board, move in search.bad_beads():
        assert kit.can_win(kit.play(board, move), 'W')


def test_the_game_file_shows_boards_as_the_reference(kit: ModuleType) -> None:
    for board in (ref.START, 'W..BB...W', '.B.W..W.W'):
        shown, expected = io.StringIO(), io.StringIO()
        with redirect_stdout(shown):
            kit.show(board)
        with redirect_stdout(expected):
            ref.show(board)
        assert shown.getvalue() == expected.getvalue()


@pytest.mark.parametrize('player', ['random_white', 'sharp_white'])
def test_the_game_file_players_draw_as_the_reference(kit: ModuleType, player: str) -> None:
    # the same move from the same seed, and the same state of `random` afterwards:
    # the lesson's seeded programs depend on both
    theirs, ours = getattr(kit, player), getattr(players, player)
    for board, side in LIVE:
        if side != 'W':
            continue
        for seed in range(8):
            random.seed(seed)
            move = theirs(board)
            after = random.random()
            random.seed(seed)
            assert ours(board) == move, (board, seed)
            assert random.random() == after, (board, seed)


@given(st.lists(st.text(alphabet='.BW', min_size=9, max_size=9)))
def test_boards_go_simplest_first_fewer_pawns_then_in_order(boards: list[str]) -> None:
    from autograder.checking.boards import pawns, simplest_first
    assert simplest_first(boards) == sorted(boards, key=lambda board: (pawns(board), board))
    assert simplest_first(iter(boards)) == simplest_first(boards)
