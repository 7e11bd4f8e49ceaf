"""How a described set of inputs reads to a student: counts first, in plain words."""
from __future__ import annotations

import operator
from typing import Iterable, Sequence

from autograder.calls.outcomes import Outcome, Raised, Returned
from autograder.calls.values import Value, type_name
from autograder.diagnosis.search import Formula, Literal, exact, nearest


def sentence(formula: Formula, wrong: int, nouns: str, total: int = 0) -> str:
    """'wrong on all 8 positions where ...', or, when the formula is near but not
    exact, 'wrong on 7 of the 8 positions where ..., and on 1 other'."""
    described = formula.mask.bit_count()
    hits = (formula.mask & wrong).bit_count()
    others = (wrong & ~formula.mask).bit_count()
    where = f'where {formula.words}'
    if hits < described:
        text = f'wrong on {hits} of the {described} {nouns} {where}'
    elif described == 1:
        text = f'wrong on the one {nouns[:-1]} {where}'
    elif described == 2:
        text = f'wrong on both {nouns} {where}'
    else:
        text = f'wrong on all {described} {nouns} {where}'
    if others:
        text += f', and on {others} other{"s" if others > 1 else ""}'
    elif total and len(text.split()) > LONG:
        # the count first, in a sentence of its own; which ones, after it
        text = f'wrong on {hits} of the {total} {nouns}. It goes wrong exactly {where}'
    return text


LONG = 22  # words (25 with "Your winner is"), beyond which how often is said first


def what_came_back(outcomes: Sequence[Outcome], limit: int = 3) -> str:
    """What the function did on some inputs, as 'gives back '' or 'B'' or 'raises an
    error': the values themselves when they are short, else their kinds."""
    if set(map(type, outcomes)) == {Returned}:
        return what_it_returned(list(map(VALUE, outcomes)), limit)
    values = [o.value for o in outcomes if type(o) is Returned]
    raised = [o for o in outcomes if type(o) is Raised]
    if not raised or len(raised) + len(values) < len(outcomes):
        return _listed(map(_said, outcomes), limit)
    # errors are no answers: they are counted, and only the answers compared
    names = list(dict.fromkeys(o.type_name for o in raised))
    errors = f'raises {names[0]}' if len(names) == 1 else 'raises an error'
    if not values:
        return errors
    return f'{errors} on {len(raised)} of them, and on the rest ' \
        f'{what_it_returned(values, limit)}'


def what_it_returned(values: Sequence[Value], limit: int = 3) -> str:
    """`what_came_back` for calls that all returned, from their values alone."""
    kinds = dict.fromkeys(map(type, values))  # in the order first seen
    if kinds.keys() <= KINDS_ONLY:  # no str, no object: read by type alone, at C speed
        names = ['None' if kind is type(None) else kind.__name__ for kind in kinds]
        return _joined([f'gives back {_kind(name, None)}' for name in names], limit)
    return _listed(map(_gives_back, values), limit)


def _listed(said: Iterable[str], limit: int) -> str:
    shown: list[str] = []
    for one in said:
        if one not in shown:
            shown.append(one)
        if len(shown) > limit:
            break
    return _joined(shown, limit)


def _joined(shown: list[str], limit: int) -> str:
    if len(shown) > limit:
        return 'gives back several different answers'
    if len(shown) > 1 and all(s.startswith('gives back ') for s in shown):
        return 'gives back ' + _either([s[len('gives back '):] for s in shown])
    return _either(shown)


def _said(outcome: Outcome) -> str:
    if isinstance(outcome, Returned):
        return _gives_back(outcome.value)
    if isinstance(outcome, Raised):
        return 'raises an error'
    return 'does not answer'


def _gives_back(value: Value) -> str:
    text = repr(value) if type(value) is str and len(value) <= 12 else \
        _kind(type_name(value), value)
    return f'gives back {text}'


KINDS_ONLY = frozenset({list, tuple, int, bool, type(None)})
VALUE = operator.attrgetter('value')


def _kind(name: str, value: object) -> str:
    if name == 'None':
        return 'None'
    if name == 'str' and isinstance(value, str):
        return f'{len(value)} characters'
    return f'a {name}' if name[0] not in 'aeiou' else f'an {name}'


def _either(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ', '.join(parts[:-1]) + ' or ' + parts[-1]


def where_wrong(wrong: int, vocabulary: Sequence[Literal], total: int, nouns: str
                ) -> tuple[int, str] | None:
    """The set the simplest description picks out, and its sentence (without the
    inputs it is right on); None when the function is right everywhere or no short
    description comes near."""
    if not wrong:
        return None
    if wrong.bit_count() == total:
        return wrong, f'wrong on every one of the {total} {nouns}'
    formula = exact(wrong, vocabulary) or nearest(wrong, vocabulary)
    if formula is None:
        return None
    return formula.mask, sentence(formula, wrong, nouns, total)


def right_on(wrong: int, total: int, among: str = '') -> str:
    """' It is right on the other 127.' (a sentence of its own, after the one that says
    where it is wrong), or nothing when it is right on none."""
    right = total - wrong.bit_count()
    return f' It is right on the other {right}{among}.' if right else ''


NO_RETURN = 'a function that ends without return gives back None'
# what a square holds, as a hint names it
HOLDS = {'.': 'no pawn', 'B': 'a B', 'W': 'a W'}


def shortened(got: Value) -> str:
    """A value as the student wrote it, cut after 40 characters."""
    text = repr(got)
    return text if len(text) <= 40 else text[:40] + '...'
