"""The simplest formula over named features that picks out a set of inputs.

Sets are bit masks over a fixed, ordered domain (bit i is input i), so that
trying thousands of candidate formulas costs microseconds each. A formula is an
OR of ANDs of literals; simpler means fewer literals, then features earlier in
the vocabulary (which lists the plainest ones first).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, compress
from typing import Iterable, Sequence, TypeVar


@dataclass(frozen=True)
class Literal:
    """A feature or its negation, as the words that complete "... where <words>"."""

    words: str
    mask: int
    rank: int  # its place in the vocabulary: lower is plainer
    cost: int = 1  # 2 for a detail (one square, a count of pawns), to be used only when
    #                nothing plainer fits


@dataclass(frozen=True)
class Formula:
    terms: tuple[tuple[Literal, ...], ...]  # OR of ANDs
    mask: int

    @property
    def words(self) -> str:
        terms = sorted(self.terms, key=len)  # the simpler part first
        return ', or where '.join(_all_of([lit.words for lit in term]) for term in terms)

    def cost(self) -> tuple[int, int]:
        """Details cost more than plain features, and each OR costs like one more part."""
        parts = sum(lit.cost for term in self.terms for lit in term) + len(self.terms) - 1
        return (parts, sum(lit.rank for term in self.terms for lit in term))


Feature = tuple[str, 'str | None', int, int]  # words, words of its negation, mask, cost


def literals(vocabulary: Iterable[Feature], full: int) -> list[Literal]:
    """Literals in vocabulary order; those that hold everywhere or nowhere, and repeats of
    an earlier set, are dropped."""
    found: list[Literal] = []
    seen = {0, full}
    for words, negated, mask, cost in vocabulary:
        for text, bits in ((words, mask), (negated, full & ~mask)):
            if text is not None and bits not in seen:
                seen.add(bits)
                found.append(Literal(text, bits, len(found), cost))
    return found


# Beyond this many candidate pairs, two-term unions are not tried: the search stays
# within a few milliseconds, and a formula that long would not read as a hint anyway.
MAX_PAIR_TERMS = 400
MAX_COVER_TERMS = 4


def exact(target: int, vocabulary: Sequence[Literal]) -> Formula | None:
    """The cheapest formula whose set is exactly `target`: an AND of up to three
    literals, an OR of up to three, two ANDs of two; else an OR of up to four parts
    (literals or ANDs of two) picked greedily."""
    if not target:
        return None
    over = [lit for lit in vocabulary if lit.mask & target == target]   # ANDs are built
    under = [lit for lit in vocabulary if lit.mask & ~target == 0]      # from supersets,
    found = [_formula(((lit,),)) for lit in over if lit.mask == target]  # ORs from subsets
    if any(f.cost()[0] == 1 for f in found):
        return min(found, key=Formula.cost)
    found += [_formula(((a, b),)) for a, b in combinations(over, 2)
              if a.mask & b.mask == target]
    found += [_formula(((a,), (b,))) for a, b in combinations(under, 2)
              if a.mask | b.mask == target]
    found += [_formula(((a, b, c),)) for a, b, c in combinations(over, 3)
              if a.mask & b.mask & c.mask == target]
    found += [_formula(((a,), (b,), (c,))) for a, b, c in combinations(under, 3)
              if a.mask | b.mask | c.mask == target]
    pairs = [(a, b) for a, b in combinations(vocabulary, 2)
             if a.mask & b.mask and a.mask & b.mask & ~target == 0]
    for a, b in pairs:
        rest = target & ~(a.mask & b.mask)
        found += [_formula(((a, b), (c,))) for c in under
                  if c.mask & rest == rest and c is not a and c is not b]
    if len(pairs) <= MAX_PAIR_TERMS:
        found += [_formula((p, q)) for p, q in combinations(pairs, 2)
                  if (p[0].mask & p[1].mask) | (q[0].mask & q[1].mask) == target]
    if found:
        return min(found, key=Formula.cost)
    parts: list[tuple[Literal, ...]] = [(lit,) for lit in under]
    return _cover(target, parts + list(pairs))


def within(must: int, may: int, vocabulary: Sequence[Literal]) -> Formula | None:
    """The cheapest formula whose set holds all of `must` and nothing outside `may`
    (inputs in `may` alone are those where either reading is true): one literal, an AND
    of two, else the formula for `must` exactly."""
    over = [lit for lit in vocabulary if lit.mask & must == must]
    found = [_formula(((lit,),)) for lit in over if lit.mask & ~may == 0]
    if not found:
        found = [_formula(((a, b),)) for a, b in combinations(over, 2)
                 if a.mask & b.mask & ~may == 0]
    return min(found, key=Formula.cost) if found else exact(must, vocabulary)


def _cover(target: int, parts: list[tuple[Literal, ...]]) -> Formula | None:
    """An OR of parts inside `target` that together make all of it, taking each time the
    part that adds the most (the cheaper one on a tie); None when a few do not do."""
    chosen: list[tuple[Literal, ...]] = []
    covered = 0
    masks = {part: _formula((part,)).mask for part in parts}
    while covered != target and len(chosen) < MAX_COVER_TERMS and parts:
        best = max(parts, key=lambda p: ((masks[p] & ~covered).bit_count(),
                                         -sum(lit.cost for lit in p)))
        if not masks[best] & ~covered:
            return None
        chosen.append(best)
        covered |= masks[best]
    return _formula(tuple(chosen)) if covered == target else None


def nearest(target: int, vocabulary: Sequence[Literal]) -> Formula | None:
    """The formula of one or two literals (ANDed) that misses or adds the fewest inputs,
    when that is few: at most a quarter of `target`, and never all of it."""
    candidates = [_formula(((lit,),)) for lit in vocabulary]
    candidates += [_formula(((a, b),)) for a, b in combinations(vocabulary, 2)
                   if a.mask & b.mask & target]
    if not candidates:
        return None

    def errors(formula: Formula) -> int:
        return (formula.mask ^ target).bit_count()
    best = min(candidates, key=lambda f: (errors(f), f.cost()))
    allowed = target.bit_count() // 4
    return best if 0 < errors(best) <= allowed and best.mask & target else None


def _formula(terms: tuple[tuple[Literal, ...], ...]) -> Formula:
    mask = 0
    for term in terms:
        bits = -1
        for lit in term:
            bits &= lit.mask
        mask |= bits
    return Formula(terms, mask)


def mask_of(flags: Iterable[object]) -> int:
    """The bit mask of a sequence of truth values, bit i for the i-th (given as a
    `map`, 19,683 of them are read without a Python call each)."""
    bits = bytes(map(bool, flags)).translate(DIGITS)
    return int(bits[::-1], 2) if bits else 0


DIGITS = bytes.maketrans(bytes([0, 1]), b'01')
FLAGS = bytes.maketrans(b'01', bytes([0, 1]))
T = TypeVar('T')


def picked(items: Sequence[T], mask: int) -> list[T]:
    """The items whose bit is set in `mask` (bit i for the i-th), in order; shifting a
    mask of 19,683 bits once per item would cost more than the rest of a description."""
    bits = format(mask, f'0{len(items)}b')[::-1].encode().translate(FLAGS)
    return list(compress(items, bits))


def _all_of(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ', '.join(parts[:-1]) + ' and ' + parts[-1]
