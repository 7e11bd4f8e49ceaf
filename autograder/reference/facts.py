"""What the reference engine says, as data: the answers and the counts the checks
and the hints compare with, shipped in `facts.json`.

The checks need a finite number of facts: winner's answer on every position a game
can reach (and on the lesson's examples), count_boxes' two answers, the numbers each known way of miscounting gives,
and which ways of counting give which numbers (for a hint). They are worked out once
from the reference engine, by `reference.recording` (the teacher's side, which a test
holds the file to), and read here: the grader and the student's own checker (see
`kit.build`) then carry the facts, and none of the searches that find them.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from autograder.errors import GraderError

FACTS = Path(__file__).with_name('facts.json')

Position = tuple[str, str]
Pair = tuple[int, ...]


@lru_cache(maxsize=1)
def _facts() -> dict[str, Any]:
    """The file, read once: constants of the grader, like its code."""
    try:
        facts: dict[str, Any] = json.loads(FACTS.read_text(encoding='utf-8'))
        return facts
    except (OSError, ValueError) as exc:
        raise GraderError(f'the reference facts {FACTS} cannot be read ({exc})',
                          tip='reinstall hexgrade') from None


@lru_cache(maxsize=1)
def _winners() -> dict[Position, str]:
    """winner's answers: on every position a game reaches, and on the lesson's examples
    (which need not be reached in a game)."""
    facts = _facts()
    return {(board, side): answer
            for board, side, answer in facts['positions'] + facts.get('winner_examples', [])}


def positions() -> list[Position]:
    """Every position a game can reach, ended ones included, fewest moves from the
    start first, then by board."""
    return [(board, side) for board, side, _ in _facts()['positions']]


def winner(board: str, side: str) -> str:
    """The right answer of winner on a position a game can reach, or one of the lesson's
    examples: 'W' or 'B' when the game is over and that player won, '' while it goes
    on."""
    answer = _winners().get((board, side))
    if answer is None:
        raise GraderError(f'the grader asked its reference about {board!r}, {side!r}, a '
                          f'position no game reaches')
    return answer


def count_boxes(use_mirror: bool) -> list[int]:
    """The right answer of count_boxes: [boxes, beads]."""
    return list(_facts()['count_boxes'][str(bool(use_mirror))])


def mistaken_counts(mistake: str, use_mirror: bool) -> list[list[int]]:
    """The answers a known way of miscounting gives (the catalogue's name for it)."""
    return [list(pair) for pair in _facts()['mistaken_counts'][mistake][str(use_mirror)]]


@lru_cache(maxsize=1)
def explained() -> dict[tuple[Pair, Pair], tuple[str, ...]]:
    """The numbers (with and without the mirror) each way of counting gives, with the
    words a hint says it in; the plainest reason for each pair."""
    return {(tuple(first), tuple(second)): tuple(words)
            for (first, second), words in _facts()['explained']}
