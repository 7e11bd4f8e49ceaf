"""Where a mirror function is wrong: which squares come out wrong, and where their
letters went, over all 3^9 boards.

Most wrong mirrors move letters about the same way on every board (a row left as it
was, two rows swapped, a slice one short): each square of the answer is then a
square of the board, maybe with its letter changed. That map says exactly what the
function does. A function that is no such map is described by the boards where it
is wrong, in words about squares and rows.
"""
from __future__ import annotations

import operator
from functools import lru_cache
from typing import Sequence, cast

from autograder.calls.outcomes import Returned
from autograder.checking.probe import Probe
from autograder.diagnosis.description import Description
from autograder.diagnosis.search import Literal, literals, mask_of, picked
from autograder.diagnosis.wording import right_on, what_came_back, what_it_returned, where_wrong
from autograder.exercises.mirror.behaviours import by_behaviour
from autograder.exercises.mirror.contrast import contrast
from autograder.exercises.mirror.domain import ALL_BOARDS, EVERY_BOARD, mirrored
from autograder.sandbox.inside.wire import joined_if_one_width

ROWS = ('top', 'middle', 'bottom')
LETTERS = '.BW'
NOUNS = 'boards'
TOTAL = len(ALL_BOARDS)
FULL = (1 << TOTAL) - 1
SWAPPED = {'.': '.', 'B': 'W', 'W': 'B'}
LEAD_WORDS = 25  # at most, in the sentence that says what is wrong

# what one square of the answer holds on every board: (square of the board, how its
# letter is changed), or a letter that never changes
Source = tuple[int, dict[str, str]] | str


@lru_cache(maxsize=None)
def columns() -> tuple[str, ...]:
    """Square k of every board, in domain order, as one string per square."""
    return tuple(''.join(column) for column in zip(*ALL_BOARDS))


@lru_cache(maxsize=None)
def holds(square: int, letter: str) -> int:
    """The boards with `letter` on `square`, as a bit mask."""
    bits = columns()[square].translate({ord(c): '1' if c == letter else '0' for c in LETTERS})
    return int(bits[::-1], 2)


def differ(a: int, b: int) -> int:
    return FULL & ~(holds(a, '.') & holds(b, '.') | holds(a, 'B') & holds(b, 'B')
                    | holds(a, 'W') & holds(b, 'W'))


@lru_cache(maxsize=None)
def vocabulary() -> tuple[Literal, ...]:
    words: list[tuple[str, str | None, int, int]] = []
    for row, name in enumerate(ROWS):
        a = 3 * row
        words.append((f'the two end squares of the {name} row differ',
                      f'the {name} row reads the same both ways', differ(a, a + 2), 1))
    for row, name in enumerate(ROWS):
        a = 3 * row
        one_empty = (holds(a, '.') ^ holds(a + 2, '.')) & FULL
        words.append((f'one end square of the {name} row is empty and the other is not',
                      None, one_empty, 1))
    for row, name in enumerate(ROWS):
        a = 3 * row
        words.append((f'the {name} row is empty', None,
                      holds(a, '.') & holds(a + 1, '.') & holds(a + 2, '.'), 1))
    for row, name in enumerate(ROWS):
        a = 3 * row
        for letter in 'BW':
            words.append((f'the {name} row has no {letter}', f'the {name} row holds a {letter}',
                          FULL & ~(holds(a, letter) | holds(a + 1, letter) | holds(a + 2, letter)),
                          1))
    palindromes = FULL
    for square in range(4):
        palindromes &= FULL & ~differ(square, 8 - square)
    words.append(('the whole board reads the same backwards', None, palindromes, 1))
    for letter in 'BW':
        none = FULL
        for square in range(9):
            none &= FULL & ~holds(square, letter)
        words.append((f'there is no {letter} on the board', f'there is a {letter} on the board',
                      none, 1))
    for square in range(9):
        words.append((f'square {square} is empty', f'square {square} holds a pawn',
                      holds(square, '.'), 2))
        words += [(f'square {square} holds {letter}', None, holds(square, letter), 2)
                  for letter in 'BW']
    return tuple(literals(words, FULL))


def describe(probe: Probe) -> Description | None:
    """Where mirror is wrong, in words; None when it is right on every board."""
    memo = probe.work.answers.named('description of mirror')
    described: Description | None = memo.get(probe, EVERY_BOARD, lambda: _describe(probe))
    return described



def _describe(probe: Probe) -> Description | None:
    returned = probe.all_returned(EVERY_BOARD)
    values: Sequence[object] = returned if returned is not None else \
        [o.value if isinstance(o, Returned) else None for o in probe.outcomes(EVERY_BOARD)]
    # values came back by their exact types: only a str can equal the wanted str
    wrong = mask_of(map(operator.ne, values, mirrored()))
    if not wrong:
        return None
    # boards back: every answer a str, all of one length
    joined = joined_if_one_width(values) if len(values) == TOTAL else None
    texts = cast(list[str], values)
    if joined is not None:
        sources = _sources(texts, joined)
        if sources is not None:
            return _as_map(sources, wrong)
    if joined is not None and len(texts[0]) == 9:
        doing = by_behaviour(texts, wrong, vocabulary(), TOTAL)
        if doing is not None:
            return doing
    found = where_wrong(wrong, vocabulary(), TOTAL, NOUNS)
    if joined is not None and len(texts[0]) == 9:
        if found is None or found[0] != wrong:
            return _by_square(texts, wrong) or contrast(texts, wrong)
        return Description(f'Your mirror is {found[1]}.{right_on(wrong, TOTAL)}', wrong,
                           found[0], TOTAL)
    if found is None:
        return None
    # known already, not asked again; without an outcome per board where all returned
    came_back = what_it_returned(picked(returned, wrong)) if returned is not None else \
        what_came_back(probe.outcomes(picked(EVERY_BOARD, wrong)))
    return Description(f'Your mirror is {found[1]}.{right_on(wrong, TOTAL)} Where it is '
                       f'wrong, it {came_back}.', wrong, found[0], TOTAL,
                       telling=found[0] != FULL)


# -- a map of squares ------------------------------------------------------------

def _sources(texts: Sequence[str], joined: str) -> list[Source] | None:
    """Where each square of the answer comes from, when that is the same on every board
    (the answers all of one length, and `joined`)."""
    found: list[Source] = []
    board = columns()
    width = len(texts[0])
    for j in range(width):
        column = joined[j::width]
        if column.count(column[0]) == len(column):  # one character on every board
            found.append(column[0])
            continue
        order = [_mirror_of(j), j] + list(range(9))
        for square in dict.fromkeys(s for s in order if 0 <= s < 9):
            mapping = _mapping(board[square][:400], column[:400]) and \
                _mapping(board[square], column)
            if mapping:
                found.append((square, mapping))
                break
        else:
            return None
    return found


def _mapping(given: str, got: str) -> dict[str, str] | None:
    """What each letter of `given`, a square of the boards (so made of LETTERS), becomes
    in `got`, when it becomes the same thing at every place; None otherwise. (Each
    letter's first place gives the map, which must then turn `given` into `got`: one
    pass at C speed over 3^9 boards.)"""
    # in the order the letters first appear
    first = sorted((letter for letter in LETTERS if letter in given), key=given.index)
    mapping = {letter: got[given.index(letter)] for letter in first}
    table = {ord(letter): into for letter, into in mapping.items()}
    return mapping if given.translate(table) == got else None


def _mirror_of(square: int) -> int:
    return square - square % 3 + 2 - square % 3


def _as_map(sources: list[Source], wrong: int) -> Description:
    if len(sources) != 9:
        reading = ', '.join(_source_words(s) for s in sources)
        text = (f'Your mirror gives back {len(sources)} characters, not 9, so it is wrong on '
                f'every one of the {TOTAL} boards. Character by character, its answer is: '
                f'{reading}.')
        return Description(text, wrong, FULL, TOTAL)
    described = 0
    for j, source in enumerate(sources):
        described |= _wrong_square(j, source)
    said = []
    pairs = _pairs(sources)
    swapped = all(not isinstance(s, str) and s[1] == SWAPPED for s in sources)
    if swapped:  # said once, then the rows as if the letters were kept
        sources = [(s[0], {c: c for c in LETTERS}) for s in sources if not isinstance(s, str)]
    by_words: dict[str | None, list[str]] = {}
    for row in range(3):
        by_words.setdefault(_row_words(row, sources[3 * row:3 * row + 3]), []).append(ROWS[row])
    for words, rows in by_words.items():
        if words is None:
            said.append(f'the {_and(rows)} row{"s are" if len(rows) > 1 else " is"} turned '
                        f'round as {"they" if len(rows) > 1 else "it"} should be')
        elif len(rows) > 1 and words.startswith('the row stays'):
            said.append(f'the {_and(rows)} rows stay as they were')
        else:
            said += [words.replace('the row', f'the {row} row', 1) for row in rows]
    said.sort(key=lambda words: not words.endswith('should be'))
    if swapped:
        said.insert(0, 'B and W are changed round on every square')
    where = f'where {_or(pairs)}' if pairs and len(pairs) <= 3 else ''
    count = (f'wrong on all {described.bit_count()} {NOUNS} {where}' if where else
             f'wrong on {described.bit_count()} of the {TOTAL} {NOUNS}')
    lead = f'In your mirror, {"; ".join(said)}.'
    if len(lead.split()) > LEAD_WORDS:  # a sentence a row, each short
        lead = f'In your mirror, {said[0]}.' + ''.join(f' {s[0].upper()}{s[1:]}.' for s in said[1:])
    text = f'{lead} So it is {count}.{right_on(described, TOTAL)}'
    return Description(text, wrong, described, TOTAL)


def _source_words(source: Source) -> str:
    if isinstance(source, str):
        return repr(source)
    square, change = source
    return f'square {square}' + ('' if _same(change) else ' (changed)')


def _same(change: dict[str, str]) -> bool:
    return all(a == b for a, b in change.items())


def _wrong_square(j: int, source: Source) -> int:
    """The boards on which square j of the answer is wrong."""
    right = _mirror_of(j)
    if isinstance(source, str):
        return FULL & ~holds(right, source) if source in LETTERS else FULL
    square, change = source
    bits = 0
    for letter in LETTERS:
        becomes = change.get(letter, letter)
        fits = holds(right, becomes) if becomes in LETTERS else 0
        bits |= holds(square, letter) & ~fits
    return bits & FULL


def _row_words(row: int, sources: list[Source]) -> str | None:
    """What happens to one row, or None when it comes out right; 'the row' stands for
    the row's name."""
    start = 3 * row
    if all(not isinstance(s, str) and _same(s[1]) for s in sources):
        squares = tuple(s[0] for s in sources if not isinstance(s, str))
        if squares == (start + 2, start + 1, start):
            return None
        for other, other_name in enumerate(ROWS):
            first = 3 * other
            if squares == (first, first + 1, first + 2):
                return ('the row stays as it was' if other == row else
                        f'the row gets the {other_name} row as it was')
            if squares == (first + 2, first + 1, first):
                return f'the row gets the {other_name} row, back to front'
        return f'the row gets squares {", ".join(map(str, squares))} of the board, in that order'
    said = []
    for j, source in zip(range(start, start + 3), sources):
        if isinstance(source, str):
            said.append(f'square {j} always holds {source!r}')
        elif source[1] == {k: v for k, v in SWAPPED.items() if k in source[1]}:
            said.append(f'square {j} gets the letter of square {source[0]} with B and W '
                        f'changed round')
        elif not _same(source[1]):
            said.append(f'square {j} gets the letter of square {source[0]}, changed')
        elif source[0] != _mirror_of(j):
            said.append(f'square {j} gets the letter of square {source[0]}')
    return ', '.join(said) if said else None


def _pairs(sources: list[Source]) -> list[str] | None:
    """The wrong squares as 'squares a and b differ', when every wrong square copies
    another square unchanged; None otherwise."""
    found: dict[tuple[int, int], None] = {}
    for j, source in enumerate(sources):
        if isinstance(source, str) or not _same(source[1]):
            return None
        square, right = source[0], _mirror_of(j)
        if square != right:
            found[(min(square, right), max(square, right))] = None
    return [f'squares {a} and {b} differ' for a, b in found]


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ', '.join(parts[:-1]) + ' and ' + parts[-1]


def _or(parts: list[str]) -> str:
    return ', or where '.join(parts)  # as the formulas of the search say it


# -- square by square ------------------------------------------------------------

def _by_square(texts: Sequence[str], wrong: int) -> Description | None:
    """Each square of the answer that goes wrong, with the boards where it does."""
    board = columns()
    said: list[str] = []
    described = 0
    for j, column in enumerate(''.join(c) for c in zip(*texts)):
        square_wrong = mask_of(a != b for a, b in zip(column, board[_mirror_of(j)]))
        if not square_wrong:
            continue
        found = where_wrong(square_wrong, vocabulary(), TOTAL, NOUNS)
        if found is None:
            return None
        described |= found[0]
        kept = mask_of(a == b for a, b in zip(column, board[j])) & square_wrong
        there = ' (there it keeps its own letter)' if kept == square_wrong else ''
        said.append(f'square {j} is {found[1]}{there}')
    if len(said) > 6:
        return None
    text = (f'Your mirror is wrong on {wrong.bit_count()} of the {TOTAL} boards. '
            f'{". ".join(s[0].upper() + s[1:] for s in said)}.')
    return Description(text, wrong, described, TOTAL)

