"""Describing what no catalogue mistake explains (autograder/describe/), and hints that
never contradict what the function did.

The unlisted mistakes in tests/unlisted_mistakes/ are written as students would, apart
from the catalogue. Each description's words are read here with this file's own
meaning for them and checked against the reference on the whole domain.
"""
from __future__ import annotations

import re
from typing import Any, Callable

import pytest

from autograder.exercises.mirror import ALL_BOARDS
from autograder.exercises.winner import POSITIONS
from autograder.render import gradescope
from hexapawn_ref import has_lost, mirror as right_mirror, moves
from hexapawn_ref.positions import count_boxes as right_count
from hexapawn_ref.positions import winner as right_winner

from graded_pieces import Piece, graded, pieces, submission
from unlisted_pieces import answers, graded_unlisted, unlisted

UNLISTED = unlisted()
DOMAIN: dict[str, list[tuple[Any, ...]]] = {
    'mirror': [(board,) for board in ALL_BOARDS],
    'winner': list(POSITIONS),
    'count_boxes': [(True,), (False,)],
}
RIGHT: dict[str, Callable[..., Any]] = {
    'mirror': right_mirror, 'winner': right_winner, 'count_boxes': right_count,
}


def _key(piece: Piece) -> str:
    return piece.key


def _wrong(piece: Piece) -> set[tuple[Any, ...]]:
    """The inputs of the domain where the piece, run here, is not exactly right."""
    got, _ = answers(piece.path, DOMAIN[piece.exercise])
    right = RIGHT[piece.exercise]
    return {args for args, (how, value) in zip(DOMAIN[piece.exercise], got)
            if not (how == 'returned' and type(value) is type(right(*args))
                    and value == right(*args))}


# -- reading a description's words, independently of the code that wrote them ---------

def _pawns_of(letter: str, count: str) -> Callable[[str, str], bool]:
    return lambda b, s: b.count(letter) == int(count)


def _takes(b: str, s: str) -> list[tuple[int, int]]:
    return [m for m in moves(b, s) if (m[1] - m[0]) % 3]


WINNER_WORDS: list[tuple[str, Callable[..., Callable[[str, str], bool]]]] = [
    ('the game is over', lambda: lambda b, s: has_lost(b, s)),
    ('the game goes on', lambda: lambda b, s: not has_lost(b, s)),
    ('a pawn has reached its far row', lambda: lambda b, s: 'W' in b[:3] or 'B' in b[6:]),
    ('no pawn has reached its far row',
     lambda: lambda b, s: 'W' not in b[:3] and 'B' not in b[6:]),
    ('the player to move has no pawns left', lambda: lambda b, s: s not in b),
    ('the player to move still has pawns but cannot move',
     lambda: lambda b, s: s in b and not moves(b, s)),
    ('the player to move still has pawns', lambda: lambda b, s: s in b),
    ('the player to move cannot move', lambda: lambda b, s: not moves(b, s)),
    ('the player to move can move only by taking a pawn',
     lambda: lambda b, s: bool(moves(b, s)) and len(_takes(b, s)) == len(moves(b, s))),
    ('the player to move can move', lambda: lambda b, s: bool(moves(b, s))),
    ('the player to move can take a pawn', lambda: lambda b, s: bool(_takes(b, s))),
    ('the player to move cannot take a pawn', lambda: lambda b, s: not _takes(b, s)),
    ('(White|Black) is to move', lambda who: lambda b, s: s == who[0]),
    ('a white pawn has reached the top row', lambda: lambda b, s: 'W' in b[:3]),
    ('a black pawn has reached the bottom row', lambda: lambda b, s: 'B' in b[6:]),
    ('(White|Black) has no pawns left', lambda who: lambda b, s: who[0] not in b),
    ('(White|Black) has (\\d) pawns? left', lambda who, n: _pawns_of(who[0], n)),
    ('no pawn has been taken yet', lambda: lambda b, s: b.count('.') == 3),
    ('a pawn has been taken', lambda: lambda b, s: b.count('.') > 3),
    ('a (white|black) pawn stands on square (\\d)',
     lambda who, sq: lambda b, s: b[int(sq)] == who[0].upper()),
]

ROW = {'top': 0, 'middle': 3, 'bottom': 6}
MIRROR_WORDS: list[tuple[str, Callable[..., Callable[[str], bool]]]] = [
    ('squares (\\d) and (\\d) differ', lambda a, c: lambda b: b[int(a)] != b[int(c)]),
    ('the two end squares of the (\\w+) row differ',
     lambda r: lambda b: b[ROW[r]] != b[ROW[r] + 2]),
    ('one end square of the (\\w+) row is empty and the other is not',
     lambda r: lambda b: (b[ROW[r]] == '.') != (b[ROW[r] + 2] == '.')),
    ('the (\\w+) row reads the same both ways', lambda r: lambda b: b[ROW[r]] == b[ROW[r] + 2]),
    ('the (\\w+) row is empty', lambda r: lambda b: b[ROW[r]:ROW[r] + 3] == '...'),
    ('there is no ([BW]) on the board', lambda c: lambda b: c not in b),
    ('there is a ([BW]) on the board', lambda c: lambda b: c in b),
    ('square (\\d) is empty', lambda k: lambda b: b[int(k)] == '.'),
    ('square (\\d) holds a pawn', lambda k: lambda b: b[int(k)] != '.'),
    ('square (\\d) holds ([BW])', lambda k, c: lambda b: b[int(k)] == c),
]


def _read(where: str, words: list[tuple[str, Callable[..., Any]]]) -> Callable[..., bool]:
    """The test an OR of ANDs of the phrases in `words` stands for."""
    ordered = sorted(words, key=lambda w: len(w[0]), reverse=True)  # longest phrase first
    terms = []
    for term in re.split(r',? or (?:where )?', where):
        tests = []
        rest = term
        while rest:
            for pattern, make in ordered:
                found = re.match(pattern, rest)
                if found:
                    tests.append(make(*found.groups()))
                    rest = re.sub(r'^(, | and )', '', rest[found.end():])
                    break
            else:
                raise AssertionError(f'words no test knows: {rest!r}')
        terms.append(tests)
    return lambda *args: any(all(test(*args) for test in term) for term in terms)


COUNTS = re.compile(r'wrong on (?:all (\d+)|both|the one|every one of the (\d+)|'
                    r'(\d+) of the \d+)')


def _claimed_wrong(text: str) -> int:
    found = COUNTS.search(text)
    assert found, text
    if found.group(0) == 'wrong on both':
        return 2
    if found.group(0) == 'wrong on the one':
        return 1
    return int(next(g for g in found.groups() if g))


@pytest.mark.parametrize('piece', UNLISTED, ids=_key)
def test_an_unlisted_mistake_is_named_or_described_exactly(piece: Piece) -> None:
    result = graded_unlisted()[piece.key]
    assert result.problem is None, result.problem
    assert any(check.status == 'failed' for check in result.checks)
    if result.misconception:
        assert result.description is None
        return
    text = result.description
    assert text, 'neither a named mistake nor a description'
    if piece.exercise == 'count_boxes':
        _check_numbers(piece, text)
        return
    wrong = _wrong(piece)
    total = len(DOMAIN[piece.exercise])
    assert _claimed_wrong(text) == len(wrong), text
    right = re.search(r'right on the other (\d+)', text)
    assert (int(right.group(1)) if right else 0) == total - len(wrong), text
    where = re.search(r'wrong on [^;.]*? where (.*?)(?:;|\.|, and on \d+ other)', text)
    if where:  # the words pick out exactly the inputs where the piece is wrong
        words = MIRROR_WORDS if piece.exercise == 'mirror' else WINNER_WORDS
        test = _read(where.group(1), words)
        assert {args for args in DOMAIN[piece.exercise] if test(*args)} == wrong, text
    else:
        assert 'every one of the' in text or 'of the 19683 boards' in text, text


def _check_numbers(piece: Piece, text: str) -> None:
    got, _ = answers(piece.path, DOMAIN['count_boxes'])
    pairs = [value for _, value in got]
    assert text.startswith(f'count_boxes(True) gave {pairs[0]} and count_boxes(False) gave '
                           f'{pairs[1]}'), text
    if 'exactly the numbers you get when' in text:
        return
    for use_mirror, pair in zip((True, False), pairs):
        off = [have - want for have, want in zip(pair, right_count(use_mirror))]
        said = re.search(f'with use_mirror {use_mirror}: ([^;.]*)', text)
        assert said, text
        for difference, unit in zip(off, ('box', 'bead')):
            if difference == 0:
                assert f'the right number of {unit}' in said.group(1)
            else:
                assert f'{abs(difference)} {unit}' in said.group(1)
                assert ('too many' if difference > 0 else 'too few') in said.group(1)


def test_the_set_has_at_least_thirty_mistakes_several_per_exercise() -> None:
    assert len(UNLISTED) >= 30
    for exercise in DOMAIN:
        assert sum(piece.exercise == exercise for piece in UNLISTED) >= 8
    described = [p for p in UNLISTED if graded_unlisted()[p.key].description]
    assert len(described) >= 30


# -- what students read, exactly --------------------------------------------------

def _hint(key: str, check: str) -> str:
    result = graded_unlisted()[key]
    finding = next(c.finding for c in result.checks if c.name == check)
    assert finding is not None
    return finding.hint


def test_a_winner_stuck_only_when_it_cannot_step_forward() -> None:
    assert _hint('winner/stuck_by_straight_moves_only', 'going_games_have_none') == (
        'Your winner is wrong on all 4 positions where the game goes on and the player to '
        'move can move only by taking a pawn; right on the other 131 (of the 135 positions a '
        "game can reach). Where it is wrong, it gives back 'W'. Look at line 11: it runs on "
        "each of the 4 positions tried where winner goes wrong, and on only 4 of the 30 "
        "tried where it is right.")


def test_a_mirror_that_forgot_the_bottom_row() -> None:
    assert _hint('mirror/bottom_row_forgotten', 'reverses_each_row') == (
        'In your mirror, the top and middle rows are turned round as they should be; the '
        'bottom row stays as it was. So it is wrong on all 13122 boards where squares 6 '
        'and 8 differ; right on the other 6561.')


def test_counting_paths_is_told_from_its_numbers() -> None:
    assert _hint('count_boxes/paths_with_mirror_merged', 'with_mirror') == (
        'count_boxes(True) gave [29, 67] and count_boxes(False) gave [57, 130]: exactly the '
        'numbers you get when you count a position once for every way a game reaches it.')


def test_a_count_nothing_explains_says_how_far_off_it_is() -> None:
    assert _hint('count_boxes/beads_as_pawns', 'with_mirror') == (
        'count_boxes(True) gave [19, 46] and count_boxes(False) gave [37, 89]. Counted that '
        'way, with use_mirror True: the right number of boxes and 1 bead too few; with '
        'use_mirror False: the right number of boxes and 1 bead too few. The boxes are '
        "right, so look at the beads: one bead for each move moves(board, 'B') gives in a "
        'box.')


def test_a_winner_that_names_the_player_in_full_is_not_told_about_none() -> None:
    assert _hint('winner/names_in_full', 'returns_text') == (
        "winner gave back 'White': give back the capital letter alone, 'W', with nothing "
        'around it. Your winner is wrong on all 65 positions where the game is over; right '
        'on the other 70 (of the 135 positions a game can reach). Where it is wrong, it '
        "gives back 'White' or 'Black'.")


def test_a_function_without_return_is_not_told_it_prints() -> None:
    result = graded_unlisted()['mirror/no_return']
    assert result.misconception is None
    assert _hint('mirror/no_return', 'returns_board') == (
        'mirror gave back None (a function that ends without return gives back None): '
        'return the mirrored board.')


def test_the_json_carries_the_description_on_failed_tests() -> None:
    result = graded_unlisted()['winner/stuck_player_named']
    tests = gradescope.results_json(submission(result))['tests']
    failed = [t for t in tests if t['extra_data']['state'] == 'failed']
    assert failed and all(t['extra_data']['description'] == result.description
                          for t in failed)
    assert all('misconception' not in t['extra_data'] for t in tests)
    assert all('description' not in t['extra_data'] for t in tests
               if t['extra_data']['state'] != 'failed')
    named = gradescope.results_json(submission(graded()['winner/loser_named']))['tests']
    assert all('description' not in t['extra_data'] for t in named)


# -- no hint contradicts the function ------------------------------------------------

EVERY_PIECE = [p for p in pieces() + UNLISTED if not p.correct]


def _results(piece: Piece) -> Any:
    return (graded_unlisted() if piece in UNLISTED else graded())[piece.key]


@pytest.mark.parametrize('piece', EVERY_PIECE, ids=_key)
def test_no_hint_says_what_the_function_did_not_do(piece: Piece) -> None:
    hints = [c.finding.hint for c in _results(piece).checks
             if c.status == 'failed' and c.finding is not None]
    if not hints:
        return
    got, printed = answers(piece.path, DOMAIN[piece.exercise])
    values = [value for how, value in got if how == 'returned']
    kinds = {type(value).__name__ for value in values}
    for hint in hints:
        assert "'' until the very end" not in hint and 'with care' not in hint
        if re.search(r'\bNone\b', hint):
            assert 'NoneType' in kinds, hint
        if 'True or False' in hint:
            assert 'bool' in kinds, hint
        for kind in re.findall(r'gives? back an? (list|tuple|int|dict|set)\b', hint):
            assert kind in kinds, hint
        for length in re.findall(r'gives? back (\d+) characters', hint):
            assert any(type(v) is str and len(v) == int(length) for v in values), hint
        for clause in re.findall(r"(?:gives|gave) back ('[^']*'(?: or '[^']*')*)", hint):
            for quoted in re.findall(r"'([^']*)'", clause):
                assert quoted in values, hint
        if re.search(r'\bprints\b', hint):
            assert printed, hint
        if re.search(r'raises an error', hint):
            assert any(how == 'raised' for how, _ in got), hint


@pytest.mark.parametrize('piece', [p for p in UNLISTED if p.exercise == 'count_boxes'],
                         ids=_key)
def test_a_wrong_count_is_told_its_own_numbers(piece: Piece) -> None:
    result = graded_unlisted()[piece.key]
    if result.misconception:
        return
    got, _ = answers(piece.path, DOMAIN['count_boxes'])
    for check in result.checks:
        if check.name in ('with_mirror', 'without_mirror') and check.status == 'failed':
            assert check.finding is not None
            assert str(got[0][1]) in check.finding.hint and str(got[1][1]) in check.finding.hint


def test_a_mask_and_the_items_it_picks_agree() -> None:
    from autograder.describe.search import mask_of, picked
    flags = [i % 3 == 0 or i == 19_682 for i in range(19_683)]
    mask = mask_of(iter(flags))
    assert mask == sum(1 << i for i, flag in enumerate(flags) if flag)
    assert picked(list(range(19_683)), mask) == [i for i, flag in enumerate(flags) if flag]
    assert picked(['a', 'b', 'c', 'd'], 0b1010) == ['b', 'd'] and mask_of([]) == 0



class _Answering:
    """A child stand-in that answers winner by `answer` and runs out of time on
    `slow`, after which the rest of its batch is not tried; it counts its batches."""

    def __init__(self, answer: Callable[[str, str], str], slow: set[Any]) -> None:
        self.answer, self.slow = answer, slow
        self.batches: list[int] = []

    def call(self, name: str, args: Any, patch: Any = None) -> Any:
        from autograder.sandbox.outcomes import NotTried, Returned, TimedOut
        from autograder.sandbox.replies import Answers
        self.batches.append(len(args))
        outcomes: list[Any] = []
        for call in args:
            if call in self.slow:
                outcomes.append(TimedOut(1.0, False, None))
                break
            outcomes.append(Returned(self.answer(*call)))
        return Answers(None, outcomes + [NotTried()] * (len(args) - len(outcomes)), '')


def _only_far_rows(board: str, side: str) -> str:
    return 'W' if 'W' in board[0:3] else 'B' if 'B' in board[6:9] else ''


@pytest.mark.parametrize('slow', [set(), {POSITIONS[120]}])
def test_winners_description_asks_the_child_once_whether_or_not_every_call_returned(
        slow: set[Any]) -> None:
    """Looked up by its answers where every call returned, else worked out from the
    outcomes it has: never by asking again for calls the child did not try, which
    would change what the words say."""
    from autograder.describe import positions
    from autograder.probe import Probe, PropertySettings
    child = _Answering(_only_far_rows, slow)
    described = positions.describe(Probe(child, 'winner', PropertySettings()))  # type: ignore[arg-type]
    assert child.batches == [len(POSITIONS)]
    again = _Answering(_only_far_rows, slow)
    probe = Probe(again, 'winner', PropertySettings())  # type: ignore[arg-type]
    assert described == positions._describe(probe, probe.outcomes(POSITIONS))
