"""What is worked out once per whole domain, or per big reply, and shared by every
probe of a worker: a domain's facts (whether it holds each input once, where each
input stands), a big reply's answers sorted out by call, and the key of a domain's
answers read from one reply. A whole domain is a constant list of WHOLE_DOMAIN calls
or more (mirror's 3^9 boards), known by its identity.
"""
from __future__ import annotations

import hashlib
import marshal
from typing import Any, Generic, Sequence, TypeVar

from .sandbox.outcomes import Outcome, Returned
from .sandbox.replies import Answers
from .sandbox.reply_memo import Kept
from .sandbox.values import Value

Args = tuple[Any, ...]
WHOLE_DOMAIN = 1000  # calls in one list from which what is worked out for it is kept

T = TypeVar('T')


class PerDomain(Generic[T]):
    """What was worked out for whole domains (lists of WHOLE_DOMAIN calls or more, which
    are constants), by the identity of the list; each list is kept with it, so that its
    id stays its own. Shorter lists are never kept."""

    def __init__(self, most: int | None = None) -> None:
        self._kept: dict[int, tuple[Sequence[Args], T]] = {}
        self._most = most  # lists kept at most

    def get(self, args_list: Sequence[Args]) -> T | None:
        kept = self._kept.get(id(args_list))
        return kept[1] if kept is not None and kept[0] is args_list else None

    def put(self, args_list: Sequence[Args], value: T) -> T:
        if len(args_list) >= WHOLE_DOMAIN and \
                (self._most is None or len(self._kept) < self._most):
            self._kept[id(args_list)] = (args_list, value)
        return value


_UNIQUE: PerDomain[bool] = PerDomain(most=16)  # whole domains holding each input once


def unique(args_list: Sequence[Args]) -> bool:
    """Whether a whole domain holds each input once: worked out once per domain."""
    if len(args_list) < WHOLE_DOMAIN:
        return False
    known = _UNIQUE.get(args_list)
    if known is None:
        known = _UNIQUE.put(args_list, len(set(args_list)) == len(args_list))
    return known


_POSITIONS: PerDomain[dict[Args, int]] = PerDomain(most=16)


def positions(args_list: Sequence[Args]) -> dict[Args, int]:
    """Where each input of a whole domain stands in it: worked out once per domain."""
    known = _POSITIONS.get(args_list)
    if known is None:
        known = _POSITIONS.put(args_list, {args: at for at, args in enumerate(args_list)})
    return known


_CUT: Kept[tuple[Sequence[Args], tuple[Args, ...]]] = Kept(most=16)


def cut_around(args_list: Sequence[Args], places: tuple[int, ...]) -> tuple[Args, ...]:
    """A whole domain without the calls at `places` (in order), as a tuple: the same
    tuple for every probe that knows the calls at the same places, so that what is
    worked out from it (how it travels, a reply sorted out by call) is found again by
    its identity, which an immutable list makes safe, instead of call by call."""
    key = (id(args_list), places)
    kept = _CUT.get(key)
    if kept is not None and kept[0] is args_list:
        return kept[1]
    missing: list[Args] = []
    start = 0
    for at in places:
        missing += args_list[start:at]
        start = at + 1
    missing += args_list[start:]
    return _CUT.put(key, (args_list, tuple(missing)))[1]


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


# a whole domain's values by their key (see `domain_key`): probes of a class's right
# functions put the same few known values back into the same reply, 19,683 answers for
# mirror, a quarter of a millisecond each time; the list is shared (never change it)
_WHOLE: Kept[list[Value]] = Kept(most=16)


def whole_values(key: bytes | None, cut: Sequence[Value], known: list[tuple[int, Value]]
                 ) -> list[Value]:
    """`put_back(cut, known)`, the very list of an earlier probe whose domain had the
    same `key`, where there is one."""
    if key is None:
        return put_back(cut, known)
    kept = _WHOLE.get(key)
    return kept if kept is not None else _WHOLE.put(key, put_back(cut, known))


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


# the answers of a big reply, by the calls they answer: built once for every function
# that gave the same reply to the same calls (the reply's key, with the calls to check)
_SORTED: Kept[tuple[Sequence[Args], dict[Args, Value], dict[Args, Outcome]]] = Kept()


def sorted_out(asked: Sequence[Args], answers: Answers
                ) -> tuple[dict[Args, Value], dict[Args, Outcome]]:
    """What each call of a reply with a key came to: the values returned, and the other
    outcomes (a reply with a key has one for every call, none of them untried)."""
    known = _SORTED.get(answers.key)  # a tuple is the same calls for good (`cut_around`)
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
    _SORTED.put(answers.key, (asked, values, others))
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
