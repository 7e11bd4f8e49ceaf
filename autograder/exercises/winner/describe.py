"""Where a winner function is wrong, in words about the positions of real games.

The vocabulary is what a student can see on a board: how the game ended (a far row
reached, no pawns left, the player to move stuck), whose turn it is, captures,
pawns left, single squares. Its words never name the right answer.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, cast

from hexapawn_ref import moves, other

from autograder.calls.outcomes import Outcome, Returned
from autograder.checking.probe import Probe
from autograder.diagnosis.description import Description
from autograder.diagnosis.search import Literal, literals, mask_of, picked
from autograder.diagnosis.wording import right_on, what_came_back, where_wrong
from autograder.exercises.winner.contrast import position_contrast
from autograder.exercises.winner.domain import POSITIONS
from autograder.exercises.winner.rules import by_rules
from autograder.reference.facts import winner as reference

Position = tuple[str, str]
Test = Callable[[str, str], bool]


def _far(board: str, side: str) -> bool:
    return 'W' in board[0:3] or 'B' in board[6:9]


def _stuck(board: str, side: str) -> bool:
    return not moves(board, side)


def _takes_only(board: str, side: str) -> bool:
    found = moves(board, side)
    return bool(found) and all((b - a) % 3 != 0 for a, b in found)


def _can_take(board: str, side: str) -> bool:
    return any((b - a) % 3 != 0 for a, b in moves(board, side))


FEATURES: list[tuple[str, str | None, Test]] = [  # the plainest first
    ('the game is over', 'the game goes on', lambda b, s: bool(reference(b, s))),
    ('a pawn has reached its far row', 'no pawn has reached its far row', _far),
    ('the player to move has no pawns left', 'the player to move still has pawns',
     lambda b, s: s not in b),
    ('the player to move cannot move', 'the player to move can move', _stuck),
    ('the player to move still has pawns but cannot move', None,
     lambda b, s: s in b and _stuck(b, s)),
    ('White is to move', 'Black is to move', lambda b, s: s == 'W'),
    ('a white pawn has reached the top row', None, lambda b, s: 'W' in b[0:3]),
    ('a black pawn has reached the bottom row', None, lambda b, s: 'B' in b[6:9]),
    ('White has no pawns left', None, lambda b, s: 'W' not in b),
    ('Black has no pawns left', None, lambda b, s: 'B' not in b),
    ('no pawn has been taken yet', 'a pawn has been taken', lambda b, s: b.count('.') == 3),
    ('the player to move can move only by taking a pawn', None, _takes_only),
    ('the player to move can take a pawn', 'the player to move cannot take a pawn', _can_take),
    ('the player who just moved would have no move', None, lambda b, s: _stuck(b, other(s))),
    # a pawn on the row its own side starts from: where a test copied for the other
    # colour looks, with its letter left unchanged
    ('a white pawn is on the bottom row', 'no white pawn is on the bottom row',
     lambda b, s: 'W' in b[6:9]),
    ('a black pawn is on the top row', 'no black pawn is on the top row',
     lambda b, s: 'B' in b[0:3]),
    ('both players have as many pawns', None, lambda b, s: b.count('W') == b.count('B')),
    ('the player to move has fewer pawns', None,
     lambda b, s: b.count(s) < b.count(other(s))),
    ('the player to move has more pawns', None,
     lambda b, s: b.count(s) > b.count(other(s))),
] + [(f'{name} has {n} pawn{"s" if n > 1 else ""} left', None,
      (lambda letter, n: lambda b, s: b.count(letter) == n)(letter, n))
     for n in (1, 2, 3) for letter, name in (('W', 'White'), ('B', 'Black'))] \
  + [(f'a {name} pawn stands on square {sq}', None,
      (lambda letter, sq: lambda b, s: b[sq] == letter)(letter, sq))
     for letter, name in (('W', 'white'), ('B', 'black')) for sq in range(9)]

PLAIN = 19  # the features before the counts of pawns and single squares
NOUNS = 'positions'
FEW = 3  # wrong positions shown one by one where no words say which they are


@lru_cache(maxsize=None)
def vocabulary() -> tuple[Literal, ...]:
    full = (1 << len(POSITIONS)) - 1
    return tuple(literals(((words, negated, mask_of(test(*pos) for pos in POSITIONS),
                            2 if i >= PLAIN else 1)
                           for i, (words, negated, test) in enumerate(FEATURES)), full))


def wrong_set(probe: Probe) -> int:
    """The positions where the function does not return exactly the reference's string."""
    return _wrong_in(probe.outcomes(POSITIONS))


def _wrong_in(outcomes: list[Outcome]) -> int:
    return mask_of(not (isinstance(o, Returned) and type(o.value) is str
                        and o.value == reference(*pos))
                   for pos, o in zip(POSITIONS, outcomes))


def describe(probe: Probe) -> Description | None:
    """Where winner is wrong, in words; None when it is right everywhere or nothing
    short says where. Worked out once per behaviour where every call returned; else
    from these very outcomes: looking up a behaviour would ask the child again for
    calls it did not try (after a timeout), and what came back would change the words."""
    outcomes = probe.outcomes(POSITIONS)
    if not all(type(outcome) is Returned for outcome in outcomes):
        return _describe(probe, outcomes)
    memo = probe.work.answers.named('description of winner')
    described: Description | None = memo.get(probe, POSITIONS, lambda: _describe(probe, outcomes))
    return described



def _describe(probe: Probe, outcomes: list[Outcome]) -> Description | None:
    wrong = _wrong_in(outcomes)
    if all(type(outcome) is Returned for outcome in outcomes):
        ruled = by_rules([cast(Returned, o).value for o in outcomes], wrong)
        if ruled:
            return ruled
    found = where_wrong(wrong, vocabulary(), len(POSITIONS), NOUNS)
    if found is None:
        shown = [what_came_back([o]) for o in outcomes]
        if wrong.bit_count() <= FEW:  # no words come near: the positions themselves
            calls = [f"winner('{board}', '{side}') {shown[i]}"
                     for i, (board, side) in enumerate(POSITIONS) if wrong >> i & 1]
            return Description(f'Your winner is wrong on only {len(calls)} of the '
                               f'{len(POSITIONS)} positions: {" and ".join(calls)}.',
                               wrong, wrong, len(POSITIONS))
        # else the smallest change that makes it go wrong
        return position_contrast(POSITIONS, shown, wrong)
    described, words = found
    outcomes = probe.outcomes(POSITIONS)
    there = picked(outcomes, wrong)
    among = f' of the {len(POSITIONS)} positions a game can reach'
    text = (f'Your winner is {words}.{right_on(wrong, len(POSITIONS), among)} Where it is '
            f'wrong, it {what_came_back(there)}.')
    return Description(text, wrong, described, len(POSITIONS),
                       telling=described != (1 << len(POSITIONS)) - 1)
