"""What a wrong mirror does to a board, when no fixed map of squares says it: it sorts
each row's letters, turns rows round by their text, moves only the first copy of each
letter, or leaves some rows (or the whole board) as they were on some boards.

A map cannot hold these (sorting moves a letter to a place that depends on the other
letters; a row left alone on some boards and turned round on others). Each is tried
on all 3^9 boards and said only when it is exactly what the function does there, in
words about what the function does, not about where it fails.
"""
from __future__ import annotations

from typing import Callable, Sequence

from autograder.diagnosis.description import Description
from autograder.diagnosis.search import Literal, mask_of, within
from autograder.exercises.mirror.domain import ALL_BOARDS

ROWS = ('top', 'middle', 'bottom')


def _rows(board: str) -> list[str]:
    return [board[0:3], board[3:6], board[6:9]]


def _by_text(board: str) -> str:
    turned = board
    for row in _rows(board):
        turned = turned.replace(row, row[::-1])
    return turned


def _first_copies(board: str) -> str:
    squares = ['.'] * 9
    for letter in board:
        at = board.index(letter)
        squares[at - at % 3 + 2 - at % 3] = letter
    return ''.join(squares)


# what the function does to the whole board, and the sentence that says it
DOINGS: tuple[tuple[Callable[[str], str], str], ...] = (
    (lambda board: ''.join(''.join(sorted(row)) for row in _rows(board)),
     'Your mirror puts the letters of each row in order (empty squares first, then B, '
     'then W) instead of turning the row back to front.'),
    (lambda board: ''.join(''.join(sorted(row, reverse=True)) for row in _rows(board)),
     'Your mirror puts the letters of each row in order (W first, then B, then empty '
     'squares) instead of turning the row back to front.'),
    (_by_text,
     'Your mirror turns rows round by their text, as replace() does, so the same three '
     'letters elsewhere on the board change too.'),
    (_first_copies,
     'Your mirror moves only the first B and the first W, and leaves every other square '
     "empty: index() finds only a letter's first copy."),
)


def by_behaviour(texts: Sequence[str], wrong: int, vocabulary: Sequence[Literal],
                 total: int) -> Description | None:
    """What the function does to each board, when that is one of the behaviours here on
    every board (`texts`: its 9-character answers in domain order); else None."""
    count = f'It is wrong on {wrong.bit_count()} of the {total} boards.'
    for doing, words in DOINGS:  # most differ on one of the first boards: stop there
        if all(map(str.__eq__, map(doing, ALL_BOARDS), texts)):
            return Description(f'{words} {count}', wrong, wrong, total)
    rows_in = [[board[3 * r:3 * r + 3] for board in ALL_BOARDS] for r in range(3)]
    rows_out = [[text[3 * r:3 * r + 3] for text in texts] for r in range(3)]
    return _unchanged(texts, wrong, vocabulary, count) or \
        _rows_left_alone(rows_in, rows_out, wrong, vocabulary, count)


def _unchanged(texts: Sequence[str], wrong: int, vocabulary: Sequence[Literal],
               count: str) -> Description | None:
    """Where the board comes back as it was, when that is every board it gets wrong
    and some words say when it does so."""
    kept = mask_of(map(str.__eq__, texts, ALL_BOARDS))
    if wrong & ~kept:
        return None
    formula = within(wrong, kept, vocabulary)
    if formula is None:
        return None
    return Description(f'Your mirror gives back the board as it was whenever '
                       f'{formula.words}. Such a board is not always its own mirror image. '
                       f'{count}', wrong, wrong, len(texts))


def _rows_left_alone(rows_in: list[list[str]], rows_out: list[list[str]], wrong: int,
                     vocabulary: Sequence[Literal], count: str) -> Description | None:
    """Each row either turned round or left as it was, on every board: where each row
    is left alone (words that may take in boards where the row reads the same both ways,
    where leaving it is no mistake)."""
    said: list[tuple[str, str]] = []
    for r in range(3):
        if any(got != given and got != given[::-1]
               for given, got in zip(rows_in[r], rows_out[r])):
            return None
        kept = mask_of(map(str.__eq__, rows_out[r], rows_in[r]))
        must = mask_of(got == given != given[::-1]
                       for given, got in zip(rows_in[r], rows_out[r]))
        if must:
            formula = within(must, kept, vocabulary)
            if formula is None:
                return None
            said.append((ROWS[r], formula.words))
    if not said:
        return None
    same = _one_rule(said)
    where = f'whenever {same}' if same else \
        '; '.join(f'(the {row} row) whenever {words}' for row, words in said)
    return Description(f'Your mirror leaves a row as it was {where}, where it should turn '
                       f'every row round. {count}', wrong, wrong, len(rows_in[0]))


def _one_rule(said: list[tuple[str, str]]) -> str | None:
    """'that row has no W', when every row is left alone by the same rule about
    itself (each row's words are the others' with its own name)."""
    if len(said) < 3:
        return None
    rules = {words.replace(f'the {row} row', 'that row') for row, words in said}
    rule = rules.pop()
    if rules or 'that row' not in rule or any(name in rule for name in ROWS):
        return None
    return rule
