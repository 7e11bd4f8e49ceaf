"""count_boxes from its numbers: which way of counting gives the pair it returned.

A way of counting is the right one with a few things done differently: the known
mistakes of the catalogue and a few more. Each is computed from the rules, alone
and two at a time; when one of them gives exactly the student's numbers for both
calls, it says what the count took in or left out. When none does, the numbers
themselves say how far off the count is, and where to look next.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Any, Literal

from hexapawn_ref import START, count_boxes as reference, has_lost, mirror, moves, other, play

from ..probe import Probe
from ..sandbox.outcomes import Returned
from .description import Description

Mirroring = Literal['right', 'never', 'always', 'swapped']


@dataclass(frozen=True)
class Counting:
    """A way of counting boxes and beads; the defaults are the lesson's."""

    side: str = 'B'           # whose positions: 'B', 'W' or 'both'
    ended: bool = False       # keep positions where that player has already lost
    past_end: bool = False    # go on exploring after a game is over
    paths: bool = False       # count a position once per way of reaching it
    first: str = 'W'          # who moves first
    beads: str = 'B'          # whose moves are beads: 'B', 'W' or 'both'
    mirroring: Mirroring = 'right'
    start: bool = False       # the starting position counted as a box too
    lost_of_other: bool = False  # has_lost asked about the other player
    pair_swapped: bool = False   # [beads, boxes]

    def count(self, use_mirror: bool) -> list[int]:
        use = {'right': use_mirror, 'never': False, 'always': True,
               'swapped': not use_mirror}[self.mirroring]
        # counting paths, the mirror can only merge the moves that lead to mirror images
        boards = _kept(self.side, self.ended, self.past_end, self.paths, self.first,
                       self.start, self.lost_of_other, self.paths and use)
        if not self.paths:
            boards = tuple(sorted(set(boards)))
        if use and not self.paths:
            boards = tuple({min(b, mirror(b)) for b in boards})
        sides = ('B', 'W') if self.beads == 'both' else (self.beads,)
        pair = [len(boards), sum(len(_moves(b, s)) for b in boards for s in sides)]
        return pair[::-1] if self.pair_swapped else pair


# What each change from the lesson's way of counting is, in the words of a hint.
CHANGES: tuple[tuple[dict[str, Any], str], ...] = (
    ({'ended': True}, 'you also count positions where the player to move has already lost'),
    ({'side': 'W'}, "you count the positions where White is to move instead of Black's"),
    ({'side': 'both'}, 'you count the positions of both players'),
    ({'past_end': True}, 'your search goes on after a game is over'),
    ({'paths': True}, 'you count a position once for every way a game reaches it'),
    ({'first': 'B'}, 'Black moves first'),
    ({'beads': 'W'}, "you count White's moves as beads"),
    ({'beads': 'both'}, "you count both players' moves as beads"),
    ({'mirroring': 'never'}, 'you never merge a board with its mirror image'),
    ({'mirroring': 'always'}, 'you merge a board with its mirror image even when use_mirror '
                              'is False'),
    ({'mirroring': 'swapped'}, 'you use the mirror when use_mirror is False, and not when it '
                               'is True'),
    ({'start': True}, 'you count the starting position as a box'),
    ({'lost_of_other': True}, 'you ask has_lost about the wrong player'),
    ({'pair_swapped': True}, 'you give the two numbers the other way round'),
)


@lru_cache(maxsize=None)
def explained() -> dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[str, ...]]:
    """The numbers (with and without the mirror) each change and each two changes give,
    with the words for them; the simplest first, so that a pair keeps its plainest reason."""
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[str, ...]] = {}
    options: list[tuple[tuple[str, ...], Counting]] = [((), Counting())]
    options += [((words,), replace(Counting(), **fields)) for fields, words in CHANGES]
    options += [((w1, w2), replace(Counting(), **f1, **f2))
                for (f1, w1), (f2, w2) in combinations(CHANGES, 2) if not set(f1) & set(f2)]
    for words, counting in options:
        key = (tuple(counting.count(True)), tuple(counting.count(False)))
        found.setdefault(key, words)
    return found


def describe(probe: Probe) -> Description | None:
    """What count_boxes' numbers tell; None when either answer is not two whole numbers
    or both are right."""
    got: list[tuple[int, ...]] = []
    for outcome in probe.outcomes([(True,), (False,)]):
        if not (isinstance(outcome, Returned) and isinstance(outcome.value, (list, tuple))
                and len(outcome.value) == 2 and all(type(n) is int for n in outcome.value)):
            return None
        got.append(tuple(outcome.value))
    want = [tuple(reference(True)), tuple(reference(False))]
    wrong = sum(1 << i for i in range(2) if got[i] != want[i])
    if not wrong:
        return None
    answers = (f'count_boxes(True) gave {list(got[0])} and count_boxes(False) gave '
               f'{list(got[1])}')
    reason = explained().get((got[0], got[1]))
    if reason:
        text = f'{answers}: exactly the numbers you get when {_and(list(reason))}.'
        return Description(text, wrong, wrong, 2)
    return Description(f'{answers}. {_how_far(got, want)}', wrong, wrong, 2)


def _how_far(got: list[tuple[int, ...]], want: list[tuple[int, ...]]) -> str:
    said = []
    for use_mirror, have, should in zip((True, False), got, want):
        if have != should:
            said.append(f'with use_mirror {use_mirror}: {_off(have[0] - should[0], "box")} '
                        f'and {_off(have[1] - should[1], "bead")}')
    where = '; '.join(said)
    boxes = [have[0] - should[0] for have, should in zip(got, want)]
    if any(boxes) and all(b >= 0 for b in boxes):
        step = ('Your count takes in positions it should leave out: print the boards you '
                "keep and check that in each it is Black's turn and Black has not lost yet.")
    elif any(boxes) and all(b <= 0 for b in boxes):
        step = ('Your count misses positions: check that your search follows every move of '
                'both players from the start, White first, until each game is over.')
    elif any(boxes):
        step = ('One count has too many boxes and the other too few: compare the boards you '
                'keep with and without the mirror.')
    else:
        step = ('The boxes are right, so look at the beads: one bead for each move '
                "moves(board, 'B') gives in a box.")
    return f'Counted that way, {where}. {step}'


def _off(difference: int, unit: str) -> str:
    if difference == 0:
        return f'the right number of {unit}{"es" if unit == "box" else "s"}'
    plural = f'{unit}{"es" if unit == "box" else "s"}' if abs(difference) != 1 else unit
    return f'{abs(difference)} {plural} too {"many" if difference > 0 else "few"}'


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ', '.join(parts[:-1]) + ' and ' + parts[-1]


# -- the positions a way of counting keeps ------------------------------------------

@lru_cache(maxsize=None)
def _moves(board: str, side: str) -> tuple[tuple[int, int], ...]:
    return tuple(moves(board, side))


# the forty-odd searches below meet the same few hundred positions again and again
_lost = lru_cache(maxsize=None)(has_lost)
_played = lru_cache(maxsize=None)(play)


@lru_cache(maxsize=None)
def _kept(side: str, ended: bool, past_end: bool, paths: bool, first: str, start: bool,
          lost_of_other: bool, merge_mirrored_moves: bool) -> tuple[str, ...]:
    """The boards a way of counting keeps: once per way of reaching them when it counts
    paths, else in any order, maybe repeated."""
    sides = ('B', 'W') if side == 'both' else (side,)
    found: list[str] = [START] if start else []
    seen: set[tuple[str, str]] = set()

    def keep(board: str, to_move: str) -> bool:
        asked = other(to_move) if lost_of_other else to_move
        return to_move in sides and (ended or not _lost(board, asked))

    def visit(board: str, to_move: str) -> None:
        if not paths:
            if (board, to_move) in seen:
                return
            seen.add((board, to_move))
        if keep(board, to_move):
            found.append(board)
        if _lost(board, to_move) if not past_end else not _moves(board, to_move):
            return
        after = [_played(board, move) for move in _moves(board, to_move)]
        if merge_mirrored_moves:
            after = list({min(b, mirror(b)): b for b in after})
        for following in after:
            visit(following, other(to_move))
    visit(START, first)
    return tuple(found)
