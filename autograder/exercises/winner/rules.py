"""What a wrong winner does, rule by rule: a winner built from the lesson's three rules
(a white pawn on the top row, a black pawn on the bottom row, the player to move
stuck), with one or two of them written the way students get them wrong (a test
copied for the other colour with its letter left unchanged, the wrong row, the
player who cannot move named as the winner, ...).

When one of these winners gives exactly the student's answers on every position a
game can reach, the hint says which rule the student's winner follows instead, as
behaviour ("answers as if ..."): the code may be written any way at all.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import Callable

from hexapawn_ref import moves, other

from autograder.diagnosis.description import Description
from autograder.exercises.winner.domain import POSITIONS

Rule = Callable[[str, str], str]  # a position -> 'W', 'B', or '' when the rule says nothing
Variant = tuple[Rule, str, str]   # the rule, what the winner does, how to put it right

ROWS = {'top': slice(0, 3), 'bottom': slice(6, 9)}
FAR = {'W': 'top', 'B': 'bottom'}
NEAR = {'W': 'bottom', 'B': 'top'}
NAME = {'W': 'White', 'B': 'Black'}
PAWN = {'W': 'a white pawn', 'B': 'a black pawn'}
LEAD_WORDS = 25  # at most, in the sentence that says what is wrong


def _pawn_on(letter: str, row: str, answer: str) -> Rule:
    where = ROWS[row]
    return lambda board, side: answer if letter in board[where] else ''


def _far_row(colour: str) -> tuple[Rule, tuple[Variant, ...]]:
    """A colour's far-row rule, and the ways students get it wrong."""
    far, near, foe = FAR[colour], NEAR[colour], other(colour)
    squares = '0-2' if far == 'top' else '6-8'
    right = _pawn_on(colour, far, colour)
    return right, (
        (_pawn_on(foe, far, colour),
         f'{NAME[colour]} won whenever {PAWN[foe]} is on the {far} row',
         f"The test for {NAME[colour]}'s far row looks for the wrong letter: it should "
         f"look for '{colour}' on squares {squares}."),
        (_pawn_on(colour, near, colour),
         f'{NAME[colour]} won whenever {PAWN[colour]} is on the {near} row',
         f'{NAME[colour]} wins on the {far} row, squares {squares}.'),
        (_pawn_on(colour, far, foe),
         f'{NAME[foe]} won when {PAWN[colour]} reaches the {far} row',
         f'The player whose pawn reaches its far row wins: {NAME[colour]}, here.'),
        (lambda board, side: '',
         f'{PAWN[colour]} on the {far} row did not end the game',
         f'{NAME[colour]} wins as soon as one of its pawns reaches the {far} row, squares '
         f'{squares}.'),
    )


def _stuck(board: str, side: str) -> str:
    return other(side) if not moves(board, side) else ''


def _either_stuck(board: str, side: str) -> str:
    return 'B' if not moves(board, 'W') else 'W' if not moves(board, 'B') else ''


STUCK_FIX = 'Only the player to move can be stuck, and then the other player wins.'
END: tuple[Variant, ...] = (
    (lambda b, s: s if not moves(b, s) else '',
     'the player who cannot move won', 'The player to move who cannot move loses: the '
     'other player wins.'),
    (lambda b, s: s if not moves(b, other(s)) else '',
     'it looked whether the player who just moved can move', STUCK_FIX),
    (_either_stuck, 'a player who cannot move lost even when it is not their turn',
     STUCK_FIX),
    (lambda b, s: other(s) if s not in b else '',
     'only having no pawns left ended the game, not being stuck',
     'A player with pawns but no move has lost too.'),
    (lambda b, s: other(s) if len(moves(b, s)) <= 1 else '',
     'a player with only one move were stuck',
     'A player is stuck only with no move at all: moves(board, side) is empty.'),
    (lambda b, s: '', 'a player who cannot move did not lose',
     'The player to move who cannot move has lost.'),
    (lambda b, s: _stuck(b, s) if s == 'W' else '', 'only White could be stuck',
     'Black can be stuck too.'),
    (lambda b, s: _stuck(b, s) if s == 'B' else '', 'only Black could be stuck',
     'White can be stuck too.'),
)


@lru_cache(maxsize=1)
def _winners() -> dict[tuple[str, ...], tuple[Variant, ...]]:
    """The answers on every position of each winner with one or two rules changed, and
    the changes (the first found, fewest changes first): constants of the exercise."""
    white, white_wrong = _far_row('W')
    black, black_wrong = _far_row('B')
    slots: list[tuple[Rule, tuple[Variant, ...]]] = [(white, white_wrong), (black, black_wrong),
                                                    (_stuck, END)]
    found: dict[tuple[str, ...], tuple[Variant, ...]] = {}
    for changed in (1, 2):
        for places in combinations(range(3), changed):
            for picks in product(*(slots[p][1] for p in places)):
                rules = [rule for rule, _ in slots]
                for place, variant in zip(places, picks):
                    rules[place] = variant[0]
                answers = tuple(_first(rules, board, side) for board, side in POSITIONS)
                found.setdefault(answers, picks)
    return found


def _first(rules: list[Rule], board: str, side: str) -> str:
    for rule in rules:
        said = rule(board, side)
        if said:
            return said
    return ''


def by_rules(answers: list[object], wrong: int) -> Description | None:
    """What the student's winner does instead of the lesson's rules, when a winner
    with one or two rules changed gives exactly its answers (all strings)."""
    if not all(type(answer) is str for answer in answers):
        return None
    picks = _winners().get(tuple(answers))  # type: ignore[arg-type]
    if picks is None:
        return None
    doings = ', and '.join(words for _, words, _ in picks)
    lead = f'Your winner answers as if {doings}.'
    if len(lead.split()) > LEAD_WORDS:  # a short sentence first, then each rule
        lead = 'Your winner answers as if two rules of the game were different. ' + \
            ' '.join(f'{nth}, {words}.' for nth, (_, words, _) in zip(('First', 'Second'), picks))
    fixes = ' '.join(dict.fromkeys(fix for _, _, fix in picks))
    text = f'{lead} {fixes} It is wrong on {wrong.bit_count()} of the {len(POSITIONS)} positions.'
    return Description(text, wrong, wrong, len(POSITIONS))
