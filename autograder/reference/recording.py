"""The reference's facts the checks and hints need, worked out from the reference
engine: what `facts.json` ships (see `facts`).

Teacher's side only: this module holds searches (the reference's, and the ways of
counting boxes that the known mistakes and the hints describe), which the student's
checker must not carry. Run `python -m autograder.reference.recording` after changing the
rules, a known mistake's numbers or a hint's words; a test compares the file with
what this works out.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, Callable, Literal

from hexapawn_ref import START, has_lost, mirror, moves, other, play
from hexapawn_ref.positions import count_boxes as reference, explore, reachable, winner as winner_of

from autograder.reference.facts import FACTS

Mirroring = Literal['right', 'never', 'always', 'swapped']


def recorded_now() -> dict[str, Any]:
    """Every fact, as the file holds them."""
    from autograder.exercises.winner.domain import \
        EXAMPLES  # which the checks ask, beside the games'
    positions = list(reachable())
    return {
        'positions': [[board, side, winner_of(board, side)] for board, side in positions],
        'winner_examples': [[board, side, winner_of(board, side)] for board, side in EXAMPLES
                            if (board, side) not in positions],
        'count_boxes': {str(use_mirror): reference(use_mirror) for use_mirror in (True, False)},
        'mistaken_counts': {name: {str(use_mirror): options(use_mirror)
                                   for use_mirror in (True, False)}
                            for name, options in MISTAKEN_COUNTS.items()},
        'explained': [[list(map(list, pair)), list(words)]
                      for pair, words in explained().items()],
    }


def write() -> None:
    FACTS.write_text(json.dumps(recorded_now(), indent=1) + '\n', encoding='utf-8')


# -- the counts of the known mistakes of count_boxes ------------------------------------

def _counted(boards: set[str], use_mirror: bool, beads_of: str = 'B') -> list[int]:
    if use_mirror:
        boards = {min(b, mirror(b)) for b in boards}
    return [len(boards), sum(len(moves(b, beads_of)) for b in boards)]


def _faced(side: str, ended_too: bool = False, first: str = 'W') -> set[str]:
    return {b for (b, s) in explore(moves, first) if s == side
            and (ended_too or not has_lost(b, s))}


def _paths() -> tuple[str, ...]:
    """Black's positions once per game path leading to them, not once each."""
    found: list[str] = []

    def walk(board: str, side: str) -> None:
        if has_lost(board, side):
            return
        if side == 'B':
            found.append(board)
        for move in moves(board, side):
            walk(play(board, move), other(side))
    walk(START, 'W')
    return tuple(found)


# each known mistake of count_boxes that is a way of counting, by its catalogue name:
# the answers it gives, with and without the mirror (any of them)
MISTAKEN_COUNTS: dict[str, Callable[[bool], list[list[int]]]] = {
    'stub answer': lambda m: [[0, 0]],
    'beads and boxes swapped': lambda m: [reference(m)[::-1]],
    'use_mirror the wrong way round': lambda m: [reference(not m)],
    'ended positions counted': lambda m: [_counted(_faced('B', ended_too=True), m)],
    "White's positions counted": lambda m: [_counted(_faced('W'), m),
                                            _counted(_faced('W') | _faced('B'), m)],
    'game paths counted': lambda m: [[len(paths := _paths()),
                                      sum(len(moves(b, 'B')) for b in paths)]],
    'Black moves first': lambda m: [reference(m, moves, 'B')],
    "White's moves as beads": lambda m: [_counted(_faced('B'), m, beads_of='W')],
}


# -- the ways of counting the hints describe --------------------------------------------

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
    # which of the two numbers the mirror merges: 'both', 'boxes', 'beads', or 'crossed'
    # (the boxes of one setting of use_mirror given with the beads of the other)
    merges: str = 'both'
    image: str = 'rows'          # 'whole': the board back to front, board[::-1], as its image
    # 'sorted': a box named by its letters, sorted, where the mirror would merge;
    # 'sorted always': with and without the mirror
    name: str = 'board'
    beads_on: str = 'board'      # 'name': a box's beads are the moves of its name as a board
    depth: int = 0               # the search stops this many moves into a game (0: never)
    turn_back: bool = True       # False: after Black moves it is Black's turn again
    while_it_can_move: bool = False  # keep a position where Black can move, lost or not
    bead_paths: bool = False     # a box's beads added once for every way a game reaches it

    def count(self, use_mirror: bool) -> list[int]:
        use = {'right': use_mirror, 'never': False, 'always': True,
               'swapped': not use_mirror}[self.mirroring]
        # counting paths, the mirror can only merge the moves that lead to mirror images
        boards = self._kept(self.paths, self.paths and use)
        if not self.paths:
            boards = tuple(dict.fromkeys(boards))  # each once, in the order first found
        box_merged = use and self.merges in ('both', 'boxes', 'crossed')
        bead_merged = (not use) if self.merges == 'crossed' else \
            use and self.merges in ('both', 'beads')
        boxes = boards if self.paths else self._named(boards, box_merged)
        beaded = boards if self.paths else self._named(boards, bead_merged)
        sides = ('B', 'W') if self.beads == 'both' else (self.beads,)
        if self.bead_paths:
            beaded = self._kept(True, False)
        pair = [len(boxes), sum(len(_moves(b, s)) for b in beaded for s in sides)]
        return pair[::-1] if self.pair_swapped else pair

    def _named(self, boards: tuple[str, ...], merged: bool) -> tuple[str, ...]:
        """One board per box: the first found of each name, or the name itself (a
        board and its mirror image have as many moves; a board turned upside down or
        sorted has others)."""
        first: dict[str, str] = {}
        for board in boards:
            name = board
            if merged:
                name = min(board, board[::-1] if self.image == 'whole' else mirror(board))
            if self.name == 'sorted always' or self.name == 'sorted' and merged:
                name = ''.join(sorted(name))
            first.setdefault(name, board)
        return tuple(first) if self.beads_on == 'name' else tuple(first.values())

    def _kept(self, paths: bool, merge_mirrored_moves: bool) -> tuple[str, ...]:
        """The boards this way of counting keeps: once per way of reaching them with
        `paths`, else in any order, maybe repeated."""
        sides = ('B', 'W') if self.side == 'both' else (self.side,)
        found: list[str] = [START] if self.start else []
        seen: set[tuple[str, str]] = set()
        near = self._distances() if self.depth else {}

        def keep(board: str, to_move: str) -> bool:
            if to_move not in sides or self.depth and near[board, to_move] >= self.depth:
                return False
            if self.while_it_can_move:
                return bool(_moves(board, to_move))
            asked = other(to_move) if self.lost_of_other else to_move
            return self.ended or not _lost(board, asked)

        def visit(board: str, to_move: str) -> None:
            if not paths:
                if (board, to_move) in seen:
                    return
                seen.add((board, to_move))
            if keep(board, to_move):
                found.append(board)
            after = self._after(board, to_move)
            if merge_mirrored_moves:
                after = list({min(b, mirror(b)): (b, s) for b, s in after}.values())
            for following in after:
                visit(*following)
        visit(START, self.first)
        return tuple(found)

    def _after(self, board: str, to_move: str) -> list[tuple[str, str]]:
        """The positions this search goes on to from one."""
        if _lost(board, to_move) if not self.past_end else not _moves(board, to_move):
            return []
        then = other(to_move) if self.turn_back else 'B'
        return [(_played(board, move), then) for move in _moves(board, to_move)]

    def _distances(self) -> dict[tuple[str, str], int]:
        """The fewest moves this search makes from the start to each position."""
        found = {(START, self.first): 0}
        todo = [(START, self.first)]
        for position in todo:  # grows as it goes: breadth first
            for following in self._after(*position):
                if following not in found:
                    found[following] = found[position] + 1
                    todo.append(following)
        return found


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
    ({'merges': 'boxes'}, 'you merge a board with its mirror image for the boxes but not for '
                          'the beads'),
    ({'merges': 'beads'}, 'you merge a board with its mirror image for the beads but not for '
                          'the boxes'),
    ({'merges': 'crossed'}, 'you give the boxes of one setting of use_mirror with the beads '
                            'of the other'),
    ({'while_it_can_move': True}, 'you keep every position where Black can move, even one '
                                  'Black has lost'),
    ({'turn_back': False}, "after Black moves you let Black move again, never White"),
    ({'bead_paths': True}, "you add a box's beads each time a game reaches it"),
) + tuple(({'depth': depth}, f'your search stops {depth} moves into a game')
          for depth in range(1, 9)
) + tuple((dict(fields, beads_on=on), words) for on in ('board', 'name') for fields, words in (
    ({'image': 'whole'}, 'you use board[::-1] as the mirror image, which also turns the '
                         'board upside down'),
    ({'name': 'sorted'}, 'you name a box by its sorted letters, so different boards share '
                         'a box'),
    ({'name': 'sorted always'}, 'you name a box by its sorted letters, so different boards '
                                'share a box'),
))


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


def _moves(board: str, side: str) -> tuple[tuple[int, int], ...]:
    return tuple(moves(board, side))


_lost = has_lost
_played = play


if __name__ == '__main__':
    write()
