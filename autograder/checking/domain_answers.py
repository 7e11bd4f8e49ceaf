"""What is worked out once per whole domain, or per big reply, for the owner of a
`DomainMemo` (a batch worker's, or one submission's grading), and shared by its
probes: a domain's facts (whether it holds each input once, where each input stands),
a domain cut around the calls a probe knows, a big reply's answers sorted out by call,
and a whole domain's values put together. A whole domain is a list of WHOLE_DOMAIN
calls or more (mirror's 3^9 boards), known by its identity.
"""
from __future__ import annotations

import hashlib
import marshal
from typing import Any, Sequence, TypeVar

from autograder.calls.outcomes import Answers, Outcome, Returned
from autograder.calls.values import Value
from autograder.sharing.memo import ByIdentity, Memo

Args = tuple[Any, ...]
WHOLE_DOMAIN = 1000  # calls in one list from which what is worked out for it is kept
# what Python spends per call on each of these: a place in a list or a tuple, an entry
# in a dict, a value
PER_CALL = 100
MOST_BYTES = 8 * 1024 * 1024  # for each kind of fact; a few domains, a few behaviours

T = TypeVar('T')


class DomainMemo:
    """What one owner works out once for whole domains and big replies.

    Why the keys are complete. A domain's facts (`unique`, `positions`) and its cut
    around some places (`cut_around`) depend on the domain's calls alone (and on those
    places, in the key): each is kept with the very list it was worked out from (see
    `ByIdentity`), and lists of calls are never changed once asked. A reply's answers
    sorted out by call depend on the reply's bytes, its number of calls and time limit
    (its key, see `wire_memo`) and on the calls it answers, which are kept with it and
    compared. A domain's values put together depend on the reply's bytes and the few
    values known before it, with their places: its key (`domain_key`) is a digest of
    exactly those. Nothing else, and nothing of which student sent the answers, shapes
    any of them."""

    def __init__(self, most_bytes: int = MOST_BYTES) -> None:
        per_call = lambda calls, value: PER_CALL * len(calls)  # noqa: E731
        self.unique: ByIdentity[Sequence[Args], bool] = ByIdentity(
            'whole domains holding each input once', most_bytes, per_call)
        self.positions: ByIdentity[Sequence[Args], dict[Args, int]] = ByIdentity(
            'where each input of a whole domain stands', most_bytes, per_call)
        self.cut: ByIdentity[Sequence[Args], tuple[Args, ...]] = ByIdentity(
            'whole domains cut around known calls', most_bytes, per_call)
        self.whole: Memo[list[Value]] = Memo(
            "whole domains' values", most_bytes, lambda values: PER_CALL * len(values))
        self.sorted: Memo[tuple[Sequence[Args], dict[Args, Value], dict[Args, Outcome]]] = \
            Memo("big replies' answers by call", most_bytes,
                 lambda kept: 2 * PER_CALL * len(kept[0]))


def unique(args_list: Sequence[Args], memo: DomainMemo) -> bool:
    """Whether a whole domain holds each input once: worked out once per domain."""
    if len(args_list) < WHOLE_DOMAIN:
        return False
    known = memo.unique.get(args_list)
    if known is None:
        known = memo.unique.put(args_list, len(set(args_list)) == len(args_list))
    return known


def positions(args_list: Sequence[Args], memo: DomainMemo) -> dict[Args, int]:
    """Where each input of a whole domain stands in it: worked out once per domain."""
    known = memo.positions.get(args_list)
    if known is None:
        known = memo.positions.put(args_list, {args: at for at, args in enumerate(args_list)})
    return known


def cut_around(args_list: Sequence[Args], places: tuple[int, ...], memo: DomainMemo
               ) -> tuple[Args, ...]:
    """A whole domain without the calls at `places` (in order), as a tuple: the same
    tuple for every probe that knows the calls at the same places, so that what is
    worked out from it (how it travels, a reply sorted out by call) is found again by
    its identity, which an immutable list makes safe, instead of call by call."""
    kept = memo.cut.get(args_list, places)
    if kept is not None:
        return kept
    missing: list[Args] = []
    start = 0
    for at in places:
        missing += args_list[start:at]
        start = at + 1
    missing += args_list[start:]
    return memo.cut.put(args_list, tuple(missing), places)


def put_back(cut: Sequence[T], known: list[tuple[int, T]]) -> list[T]:
    """The values of a whole domain from those of the calls `cut_around` left in it
    (`cut`, in order) and the values known before, with their places in the domain (in
    order): in one pass, where putting each known value back in its place would move
    the rest of the list once per value."""
    whole: list[T] = []
    start = 0
    for done, (at, value) in enumerate(known):
        whole += cut[start:at - done]  # `done` values before this place were cut out
        whole.append(value)
        start = at - done
    whole += cut[start:]
    return whole


def whole_values(key: bytes | None, cut: Sequence[Value], known: list[tuple[int, Value]],
                 memo: DomainMemo) -> list[Value]:
    """`put_back(cut, known)`, the very list of an earlier probe whose domain had the
    same `key`, where there is one: probes of a class's right functions put the same
    few known values back into the same reply, 19,683 answers for mirror, a quarter of
    a millisecond each time (the list is shared: never change it)."""
    if key is None:
        return put_back(cut, known)
    kept = memo.whole.get(key)
    return kept if kept is not None else memo.whole.put(key, put_back(cut, known))


def domain_key(reply: tuple[bytes, int, float], known: list[tuple[int, Value]]
                ) -> bytes | None:
    """The answers key (see `Probe.answers_key`) of a whole domain read from one big
    reply and the few values known before it, with their places: the reply's bytes
    decide every value it brings (the time limit, the reply key's last part, does not
    change a reply where every call returned). A hash of its own kind, never equal to
    a key of values written out one by one: the two kinds only ever miss each other."""
    try:
        written = marshal.dumps(known, 2)
    except ValueError:  # an object of a type the grader does not accept
        return None
    digest = hashlib.blake2b(reply[0], digest_size=16, person=b'hexgrade-domain')
    digest.update(b'%d:' % reply[1])
    digest.update(written)
    return digest.digest()


def sorted_out(asked: Sequence[Args], answers: Answers, memo: DomainMemo
               ) -> tuple[dict[Args, Value], dict[Args, Outcome]]:
    """What each call of a reply with a key came to: the values returned, and the other
    outcomes (a reply with a key has one for every call, none of them untried); built
    once for every function that gave the same reply to the same calls."""
    known = memo.sorted.get(answers.key)  # a tuple is the same calls for good
    if known is not None and (known[0] is asked and type(asked) is tuple or
                              known[0] == asked):
        return known[1], known[2]
    values: dict[Args, Value]
    others: dict[Args, Outcome] = {}
    if answers.values is not None:
        values = dict(zip(asked, answers.values))
    else:
        outcomes = answers.outcomes
        values = {args: outcome.value for args, outcome in zip(asked, outcomes)
                  if type(outcome) is Returned}
        others = {args: outcome for args, outcome in zip(asked, outcomes)
                  if type(outcome) is not Returned}
    memo.sorted.put(answers.key, (asked, values, others))
    return values, others


def merged(mine: dict[Args, T], more: dict[Args, T]) -> dict[Args, T]:
    """`mine` with `more` added, where no call is in both (a probe asks only for calls
    it does not know). The larger of the two is copied (a whole domain's answers,
    copied at once, cost a fraction of what adding them one by one does). `more` may
    be shared: it is never changed."""
    if len(more) <= len(mine):
        mine.update(more)
        return mine
    merged = more.copy()
    merged.update(mine)
    return merged
