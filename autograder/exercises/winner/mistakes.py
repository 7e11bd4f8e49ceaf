"""winner's known mistakes: each a misconception, recognised by what a function answers
on every position a game can reach, and the sentence a teacher would say to it."""
from __future__ import annotations

from typing import Callable

from hexapawn_ref import has_lost, moves, other

from autograder.checking.probe import Probe
from autograder.diagnosis.mistakes import Mistake, behaves_like
from autograder.exercises.winner.domain import ENDED, GOING_ON, POSITIONS
from autograder.reference.facts import winner as reference


def _far_row(board: str) -> str:
    return 'W' if 'W' in board[0:3] else 'B' if 'B' in board[6:9] else ''


def _model(fn: Callable[[str, str], object]) -> Callable[[Probe], bool]:
    return behaves_like(fn, POSITIONS)


_ENDED_RIGHT = behaves_like(reference, ENDED)


def _goes_on_as_other_text(probe: Probe) -> bool:
    """Right when the game is over, but some other text than '' while it goes on."""
    ended_right = _ENDED_RIGHT(probe)
    going = set(repr(v) for v in probe.values(GOING_ON))
    return ended_right and len(going) == 1 and going != {repr('')} and going != {'None'}


CATALOGUE = (
    Mistake('nobody ever wins',
            "winner always says the game goes on: check the ways a game can end.",
            _model(lambda b, s: '')),
    Mistake('None instead of empty string',
            "When the game goes on, give back '' (an empty string), not None: "
            "a function without return gives back None.",
            _model(lambda b, s: reference(b, s) or None)),
    Mistake('far rows swapped',
            "Your winner answers as if the two far rows were the other way round. White "
            "moves up, so White wins on the top row (squares 0-2) and Black on the bottom "
            "row (squares 6-8).",
            _model(lambda b, s: 'W' if 'W' in b[6:9] else 'B' if 'B' in b[0:3]
                   else (other(s) if not moves(b, s) else ''))),
    Mistake('stuck rule forgotten',
            "A player who cannot move loses, even with pawns left: use moves(board, side) "
            "to see whether the player to move is stuck.",
            _model(lambda b, s: _far_row(b) or ('B' if 'W' not in b else 'W' if 'B' not in b
                                                else ''))),
    Mistake('only the far rows',
            'Your winner answers as if it only looked at the far rows. A game also ends '
            'when one side has no pawns '
            'left, or the player to move is stuck.',
            _model(lambda b, s: _far_row(b))),
    Mistake('whose turn confused',
            "Your winner answers as if it looked at the wrong player. side is the player "
            "whose turn it is: it is side that may be stuck, and the other player who wins.",
            _model(lambda b, s: _far_row(b) or (s if not moves(b, other(s)) else ''))),
    Mistake('loser named',
            'Your winner gives back the player who lost; the exercise asks for the one who '
            'won.',
            _model(lambda b, s: s if has_lost(b, s) else '')),
    Mistake('True or False returned',
            "winner gives back True or False; the exercise asks for 'W', 'B' or ''.",
            _model(lambda b, s: has_lost(b, s))),
    Mistake('other text while the game goes on',
            "While the game goes on, give back exactly '' (an empty string, nothing "
            "between the quotes).",
            _goes_on_as_other_text),
)
