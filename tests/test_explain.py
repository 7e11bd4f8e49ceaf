"""Describing what no catalogue mistake explains (autograder/diagnosis/explain.py and
each exercise's describe.py), and hints that never contradict what the function did.

The unlisted mistakes in tests/unlisted_mistakes/ are written as students would, apart
from the catalogue. Each description's words are read here with this file's own
meaning for them and checked against the reference on the whole domain.
"""
from __future__ import annotations

import re
from typing import Any, Callable

import pytest

from autograder.exercises.mirror.domain import ALL_BOARDS
from autograder.exercises.winner.domain import POSITIONS
from autograder.render import gradescope
from hexapawn_ref import has_lost, mirror as right_mirror, moves
from hexapawn_ref.positions import count_boxes as right_count, winner as right_winner

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
    ('the player who just moved would have no move',
     lambda: lambda b, s: not moves(b, 'B' if s == 'W' else 'W')),
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
    ('the (\\w+) row has no ([BW])', lambda r, c: lambda b: c not in b[ROW[r]:ROW[r] + 3]),
    ('the (\\w+) row holds a ([BW])', lambda r, c: lambda b: c in b[ROW[r]:ROW[r] + 3]),
    ('the whole board reads the same backwards', lambda: lambda b: b == b[::-1]),
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
    if CHANGES in text:  # said first, and alone: then no count of the domain is given
        _check_changes(piece, text)
        return
    assert _changes(piece) is False, f'a function that keeps nothing: {piece.key}'
    if piece.exercise == 'count_boxes':
        _check_numbers(piece, text)
        return
    wrong = _wrong(piece)
    readers = (_check_doing, _check_rules, _check_listed, _check_contrast, _check_where)
    assert any(read(piece, text, wrong) for read in readers), f'words no test reads: {text}'


def _check_where(piece: Piece, text: str, wrong: set[tuple[Any, ...]]) -> bool:
    """'wrong on all 8 positions where ...; right on the other 127': the count, and the
    words read as a test of each input."""
    total = len(DOMAIN[piece.exercise])
    others = re.search(r', and on (\d+) others?\b', text)
    extra = int(others.group(1)) if others else 0
    assert _claimed_wrong(text) + extra == len(wrong), text
    right = re.search(r'right on the other (\d+)', text)
    assert (int(right.group(1)) if right else 0) == total - len(wrong), text
    where = re.search(r'wrong on [^;.]*? where (.*?)(?:;|\.|, and on \d+ other)', text) or \
        re.search(r'It goes wrong exactly where (.*?)\.', text)
    if where:  # the words pick out exactly the inputs where the piece is wrong
        words = MIRROR_WORDS if piece.exercise == 'mirror' else WINNER_WORDS
        test = _read(where.group(1), words)
        picked = {args for args in DOMAIN[piece.exercise] if test(*args)}
        if others:  # the nearest words: all they pick is wrong, and so are `extra` more
            assert picked <= wrong and len(wrong - picked) == extra, text
        else:
            assert picked == wrong, text
    else:
        assert 'every one of the' in text or 'of the 19683 boards' in text, text
    return True


def _count_said(text: str, wrong: set[tuple[Any, ...]], total: int) -> None:
    said = re.search(r'It is wrong on (\d+) of the (\d+) (?:boards|positions)\.', text)
    assert said and (int(said.group(1)), int(said.group(2))) == (len(wrong), total), text


# what a wrong mirror does to every board, read with this file's own meaning
def _by_text(board: str) -> str:
    result = board
    for start in (0, 3, 6):
        result = result.replace(board[start:start + 3], board[start:start + 3][::-1])
    return result


def _first_copies(board: str) -> str:
    out = ['.'] * 9
    for letter in 'BW':
        if letter in board:
            at = board.index(letter)
            out[3 * (at // 3) + 2 - at % 3] = letter
    return ''.join(out)


def _each_row(order: Callable[[str], str]) -> Callable[[str], str]:
    return lambda board: ''.join(order(board[i:i + 3]) for i in (0, 3, 6))


MIRROR_DOINGS: list[tuple[str, Callable[[str], str]]] = [
    (r'puts the letters of each row in order \(empty squares first, then B, then W\)',
     _each_row(lambda row: ''.join(sorted(row)))),
    (r'puts the letters of each row in order \(W first, then B, then empty squares\)',
     _each_row(lambda row: ''.join(sorted(row, reverse=True)))),
    (r'turns rows round by their text', _by_text),
    (r'moves only the first B and the first W, and leaves every other square empty',
     _first_copies),
]


def _check_doing(piece: Piece, text: str, wrong: set[tuple[Any, ...]]) -> bool:
    """'Your mirror puts the letters of each row in order ...', '... gives back the board
    as it was whenever ...', '... leaves a row as it was whenever ...': what it does,
    on every board."""
    if piece.exercise != 'mirror':
        return False
    got = [value for _, value in answers(piece.path, DOMAIN['mirror'])[0]]
    for words, doing in MIRROR_DOINGS:
        if re.match(f'Your mirror {words}', text):
            assert got == [doing(board) for board in ALL_BOARDS], text
            _count_said(text, wrong, len(ALL_BOARDS))
            return True
    kept = re.match(r'Your mirror gives back the board as it was whenever (.*?)\. ', text)
    if kept:
        test = _read(kept.group(1), MIRROR_WORDS)
        where = {(b,) for b in ALL_BOARDS if test(b)}
        assert wrong <= where and all(got[i] == b for i, b in enumerate(ALL_BOARDS)
                                      if (b,) in where), text
        _count_said(text, wrong, len(ALL_BOARDS))
        return True
    rows = re.match(r'Your mirror leaves a row as it was (.*), where it should turn every row '
                    r'round\.', text)
    if rows:
        rules = {}
        for name in ROW:
            one = re.search(f'\\(the {name} row\\) whenever ([^;]*)', rows.group(1))
            said = one.group(1) if one else rows.group(1).removeprefix('whenever ').replace(
                'that row', f'the {name} row')
            rules[name] = _read(said, MIRROR_WORDS) if one or 'whenever' in rows.group(1) \
                else (lambda b: False)
        for board, out in zip(ALL_BOARDS, got):
            for name, at in ROW.items():
                row = board[at:at + 3]
                assert out[at:at + 3] == (row if rules[name](board) else row[::-1]), text
        _count_said(text, wrong, len(ALL_BOARDS))
        return True
    return False


# winner's rules, as this file reads the words of a changed one
def _far_row_rule(letter: str, row: str, answer: str) -> Callable[[str, str], str]:
    where = slice(0, 3) if row == 'top' else slice(6, 9)
    return lambda b, s: answer if letter in b[where] else ''


def _other(side: str) -> str:
    return 'B' if side == 'W' else 'W'


END_RULES: dict[str, Callable[[str, str], str]] = {
    'the player who cannot move won': lambda b, s: s if not moves(b, s) else '',
    'it looked whether the player who just moved can move':
        lambda b, s: s if not moves(b, _other(s)) else '',
    'a player who cannot move lost even when it is not their turn':
        lambda b, s: 'B' if not moves(b, 'W') else 'W' if not moves(b, 'B') else '',
    'only having no pawns left ended the game, not being stuck':
        lambda b, s: _other(s) if s not in b else '',
    'a player with only one move were stuck':
        lambda b, s: _other(s) if len(moves(b, s)) <= 1 else '',
    'a player who cannot move did not lose': lambda b, s: '',
    'only White could be stuck': lambda b, s: 'B' if s == 'W' and not moves(b, s) else '',
    'only Black could be stuck': lambda b, s: 'W' if s == 'B' and not moves(b, s) else '',
}
LETTER = {'White': 'W', 'Black': 'B', 'white': 'W', 'black': 'B'}


def _changed_rule(words: str) -> tuple[int, Callable[[str, str], str]]:
    """Which of the three rules (white's far row, black's, the stuck player) the words
    change, and the rule they say."""
    if words in END_RULES:
        return 2, END_RULES[words]
    found = re.fullmatch(r'(White|Black) won whenever an? (white|black) pawn is on the '
                         r'(top|bottom) row', words)
    if found:  # the winner's own rule, looking at the wrong letter or row
        winner, pawn, row = found.groups()
        return 'WB'.index(LETTER[winner]), _far_row_rule(LETTER[pawn], row, LETTER[winner])
    found = re.fullmatch(r'(White|Black) won when an? (white|black) pawn reaches the '
                         r'(top|bottom) row', words)
    if found:  # the pawn's own rule, naming the other player
        winner, pawn, row = found.groups()
        return 'WB'.index(LETTER[pawn]), _far_row_rule(LETTER[pawn], row, LETTER[winner])
    found = re.fullmatch(r'an? (white|black) pawn on the (top|bottom) row did not end the game',
                         words)
    assert found, f'a rule no test knows: {words!r}'
    return 'WB'.index(LETTER[found.group(1)]), lambda b, s: ''


def _check_rules(piece: Piece, text: str, wrong: set[tuple[Any, ...]]) -> bool:
    """'Your winner answers as if ...': the lesson's winner with those rules changed
    gives exactly the piece's answers on every position."""
    if not text.startswith('Your winner answers as if '):
        return False
    two = re.match(r'Your winner answers as if two rules of the game were different\. '
                   r'First, (.*?)\. Second, (.*?)\.', text)
    one = re.match(r'Your winner answers as if (.*?)\.', text)
    assert one, text
    said = list(two.groups()) if two else one.group(1).split(', and ')
    rules: list[Callable[[str, str], str]] = [
        _far_row_rule('W', 'top', 'W'), _far_row_rule('B', 'bottom', 'B'),
        lambda b, s: _other(s) if not moves(b, s) else '']
    for words in said:
        place, rule = _changed_rule(words)
        rules[place] = rule

    def changed(board: str, side: str) -> str:
        return next((said for rule in rules if (said := rule(board, side))), '')
    got = [value for _, value in answers(piece.path, DOMAIN['winner'])[0]]
    assert got == [changed(*position) for position in POSITIONS], text
    _count_said(text, wrong, len(POSITIONS))
    return True


def _check_listed(piece: Piece, text: str, wrong: set[tuple[Any, ...]]) -> bool:
    """'Your winner is wrong on only 2 of the 135 positions: winner(...) gives back ...'"""
    if not re.match(r'Your winner is wrong on only \d+ ', text):
        return False
    listed = re.findall(r"winner\('([.BW]{9})', '([BW])'\) gives back ('[^']*'|None)", text)
    assert {(board, side) for board, side, _ in listed} == wrong, text
    for board, side, shown in listed:
        assert repr(answers(piece.path, [(board, side)])[0][0][1]) == shown, text
    return True


def _check_contrast(piece: Piece, text: str, wrong: set[tuple[Any, ...]]) -> bool:
    """"mirror('...') is right, but with a B on square 7 it goes wrong: mirror('...') gives
    '...'": a pair of inputs a few squares apart, one right and one wrong."""
    found = re.match(r"(mirror|winner)\('([.BW]{9})'(?:, '([BW])')?\) is right, but with (.*?) "
                     r"it goes wrong: \1\('([.BW]{9})'(?:, '([BW])')?\) gives (?:back )?(.*?)\. "
                     r"It is wrong on", text)
    if not found:
        return False
    _, near, near_side, changes, board, side, shown = found.groups()
    near_args = (near,) if near_side is None else (near, near_side)
    args = (board,) if side is None else (board, side)
    assert near_args not in wrong and args in wrong and near_side == side, text
    assert repr(answers(piece.path, [args])[0][0][1]) == shown, text
    holds = {'no pawn': '.', 'a B': 'B', 'a W': 'W'}
    said = dict((int(k), holds[what]) for what, k in re.findall(r'(no pawn|a B|a W) on square (\d)',
                                                                changes))
    assert said == {k: board[k] for k in range(9) if board[k] != near[k]}, text
    _count_said(text, wrong, len(DOMAIN[piece.exercise]))
    return True


CHANGES = ('gives different answers to the same input: its answer depends on what it was '
           'asked before')


def _changes(piece: Piece) -> bool:
    """Whether the piece, run here, answers some input otherwise asked first of all
    (in a fresh import) than asked after the rest of its domain."""
    inputs = DOMAIN[piece.exercise]
    in_turn, _ = answers(piece.path, inputs)
    for args in inputs[:3] + inputs[-3:]:
        fresh, _ = answers(piece.path, [args], fresh=True)
        again = answers(piece.path, [args])[0]
        if fresh[0] != in_turn[inputs.index(args)] or again[0] != in_turn[inputs.index(args)]:
            return True
    return False


def _check_changes(piece: Piece, text: str) -> None:
    """The call named gives what the words say asked first of all, in a fresh import,
    and something else once other calls were asked before it."""
    first = re.search(r'Asked first of all, (\w+)\((.*?)\) gave (.*?); asked after other '
                      r'calls, it gave (.*?)\.', text)
    again = re.search(r'(\w+)\((.*?)\) gave (.*?) the first time, and (.*?) when asked '
                      r'again\.', text)
    found = first or again
    assert found, text
    args = eval(f'({found.group(2)},)')  # the test's own reading of a call it was shown
    fresh, _ = answers(piece.path, [args], fresh=True)
    if first:
        assert fresh[0] == ('returned', eval(found.group(3))), text
        domain = DOMAIN[piece.exercise]
        assert any(answers(piece.path, before + [args], fresh=True)[0][-1] != fresh[0]
                   for before in (domain, domain[::-1])), text
    else:
        twice, _ = answers(piece.path, DOMAIN[piece.exercise] + [args, args], fresh=True)
        assert twice[-1] != twice[-2], text


def _check_numbers(piece: Piece, text: str) -> None:
    got, _ = answers(piece.path, DOMAIN['count_boxes'])
    pairs = [value for _, value in got]
    raised = re.match(r'count_boxes\((True|False)\) raised (\w+)', text)
    if raised:  # one setting stops with an error, the other answers
        bad = 0 if raised.group(1) == 'True' else 1
        assert got[bad] == ('raised', raised.group(2)), text
        assert got[1 - bad][0] == 'returned' and str(list(pairs[1 - bad])) in text, text
        return
    sentence = re.match(r'Your count_boxes gives back (a sentence|text), (.*?): give back', text)
    if sentence:  # text where numbers are wanted: the numbers in it, right or not
        assert all(type(p) is str for p in pairs) and sentence.group(2) == repr(pairs[0]), text
        numbers_in = [[int(n) for n in re.findall(r'\d+', p)] for p in pairs]
        if sentence.group(1) == 'a sentence':
            right = numbers_in == [right_count(True), right_count(False)]
            assert ('The numbers in it are already right' in text) == right, text
        return
    if text.startswith('Your count_boxes gives back the boxes themselves'):
        for pair in pairs:
            boards = list(pair) if isinstance(pair, (set, frozenset, list, tuple)) else None
            assert boards and all(b in ALL_BOARDS for b in boards), text
        return
    numbers = f'count_boxes(True) gave {pairs[0]} and count_boxes(False) gave {pairs[1]}'
    if text.startswith('Your numbers are exactly those'):
        assert text.endswith(f' {numbers}.'), text
        return
    assert text.startswith(numbers), text
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
    assert len(UNLISTED) >= 64  # the first set of 34, and a further 30 or more
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
        'move can move only by taking a pawn. It is right on the other 131 of the 135 '
        "positions a game can reach. Where it is wrong, it gives back 'W'. Look at line 11: "
        "it runs on every position tried where winner goes wrong, and seldom where it is "
        "right.")


def test_a_mirror_that_forgot_the_bottom_row() -> None:
    assert _hint('mirror/bottom_row_forgotten', 'reverses_each_row') == (
        'In your mirror, the top and middle rows are turned round as they should be; the '
        'bottom row stays as it was. So it is wrong on all 13122 boards where squares 6 '
        'and 8 differ. It is right on the other 6561.')


def test_counting_paths_is_told_from_its_numbers() -> None:
    assert _hint('count_boxes/paths_with_mirror_merged', 'with_mirror') == (
        'Your numbers are exactly those you get when you count a position once for every '
        'way a game reaches it. count_boxes(True) gave [29, 67] and count_boxes(False) gave '
        '[57, 130].')


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
        'around it. Your winner is wrong on all 65 positions where the game is over. It is '
        'right on the other 70 of the 135 positions a game can reach. Where it is wrong, it '
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
        for kind in re.findall(r'(?:gives|gave) back an? (list|tuple|int|dict|set)\b', hint):
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
        for error in re.findall(r'\braises? ([A-Z]\w+Error)\b', hint):
            assert ('raised', error) in got, hint
        if 'several different answers' in hint and any(how == 'raised' for how, _ in got):
            assert re.search(r'\braises\b', hint), f'errors are no answers: {hint}'
        # two kinds said alike read as no difference at all
        for said, wanted in re.findall(r'returned (an? \w+), expected (an? \w+)', hint):
            assert said != wanted, hint


FIRST_SENTENCE_WORDS = 25


@pytest.mark.parametrize('piece', EVERY_PIECE, ids=_key)
def test_a_hint_says_what_is_wrong_first_in_a_short_sentence(piece: Piece) -> None:
    for check in _results(piece).checks:
        if check.status != 'failed' or check.finding is None or not check.finding.hint:
            continue
        # a sentence ends at a full stop and a space (a quoted board ends in a quote)
        first = re.split(r'(?<=[.!?])\s+', check.finding.hint)[0]
        words = len(re.sub(r"'[^']*'", 'X', first).split())
        assert words <= FIRST_SENTENCE_WORDS, f'{words} words: {first}'


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
    from autograder.diagnosis.search import mask_of, picked
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
        from autograder.calls.outcomes import Answers, NotTried, Returned, TimedOut
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
    from autograder.checking.probe import Probe, PropertySettings
    from autograder.exercises.winner import describe as positions
    child = _Answering(_only_far_rows, slow)
    described = positions.describe(Probe(child, 'winner', PropertySettings()))  # type: ignore[arg-type]
    assert child.batches == [len(POSITIONS)]
    again = _Answering(_only_far_rows, slow)
    probe = Probe(again, 'winner', PropertySettings())  # type: ignore[arg-type]
    assert described == positions._describe(probe, probe.outcomes(POSITIONS))
