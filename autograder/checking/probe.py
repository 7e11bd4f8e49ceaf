"""The student's function as the checks see it.

Every call goes to the child; answers are cached by their arguments, so checks
and the mistake catalogue can ask for the same inputs without paying twice.
"""
from __future__ import annotations

import hashlib
import marshal
import threading
from dataclasses import dataclass
from enum import Enum
from itertools import chain, filterfalse
from typing import Any, Callable, Generic, Sequence, TypeVar

from autograder.calls.outcomes import Answers, Died, NotTried, Outcome, Raised, Returned, TimedOut
from autograder.calls.runner import Child
from autograder.calls.values import Value
from autograder.checking.domain_answers import \
    Args as Args  # the checks' name for a call's arguments
from autograder.checking.domain_answers import (WHOLE_DOMAIN, DomainMemo, cut_around, domain_key,
                                                merged, positions, sorted_out, unique, whole_values)
from autograder.checking.failures import Call, Failure
from autograder.sharing.shared_work import SharedWork

RAISED_HINT = ('Your function stopped with an error. Paste the call above into Python to see '
               'the error and the line it comes from.')
INPUT_HINT = 'Your function calls input(), but nobody is there to type: take input() out.'
SLOW_HINT = ('It took too long: look for a loop that never ends, such as a while loop whose '
             'condition never becomes False.')
WAIT_HINT = ('It waited instead of computing (time.sleep, or something else that waits): '
             'take the waiting out.')
# calls a probe may know of a whole domain that is still asked whole: a mirror that fails
# the lesson's examples knows some 400 (the properties' boards) when it is asked whole
FEW = 2000
DEEP = 200  # calls of the student's own functions, one inside another: a recursion
DIED_HINT = ("The whole program stopped: don't call exit() or quit(), and look for a "
             "function that calls itself without end.")


def timeout_hint(function: str, timeout: TimedOut,
                 place: Callable[[int], str] | None = None) -> str:
    """Why a call ran out of time, as far as what the child saw tells: waiting, a
    recursion going ever deeper, a search still calling its helpers, or a loop going
    round the same lines."""
    seen = timeout.seen
    if timeout.waited:
        return WAIT_HINT
    if seen is None or not seen.lines:
        return SLOW_HINT
    if seen.deepest >= DEEP or seen.depth - seen.first_depth >= DEEP // 2:
        return (f'When it was stopped, {function} was {seen.deepest} calls deep in its own '
                f'functions, and going deeper: a recursion that never reaches its end. Make '
                f'sure every call gets closer to a case that stops without calling again.')
    helpers = [name for name in seen.calls if name not in (function, '<module>')]
    lines = ', '.join(place(line) if place else f'line {line}' for line in seen.lines[:3])
    if helpers:
        called = ', '.join(f'{name}()' for name in helpers[:4])
        return (f'It was still working when it was stopped, calling {called} as it went '
                f'({lines}). Either it never ends (a position visited again and again: keep '
                f'the ones already seen in a set and skip them), or it is a search slower '
                f'than the limit allows.')
    return (f'It kept going round the same lines ({lines}) without calling anything else: '
            f'a loop that never ends, such as a while loop whose condition never becomes '
            f'False.')


@dataclass(frozen=True)
class Elsewhere:
    """What calls asked of a child of their own came to (see `Probe.elsewhere`), and how
    many lines of the student's file each ran and how many boards it held, where that
    was counted."""

    outcomes: list[Outcome]
    lines_run: list[int] | None
    boards_seen: list[int] | None = None


class Unknown(Enum):
    """What a probe gives for a call not known to have returned (None is a value)."""

    CALL = 0


@dataclass(frozen=True)
class PropertySettings:
    """How hard property-based checks look: Hypothesis' example budget and seed."""

    max_examples: int = 50
    seed: int = 0


T = TypeVar('T')


class PerDomain(Generic[T]):
    """What one probe worked out for whole domains (lists of WHOLE_DOMAIN calls or more),
    by the identity of the list, each list kept with it so that its id stays its own.
    A probe asks a handful of such lists, which are alive anyway."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[Sequence[Args], T]] = {}

    def get(self, args_list: Sequence[Args]) -> T | None:
        kept = self._kept.get(id(args_list))
        return kept[1] if kept is not None and kept[0] is args_list else None

    def put(self, args_list: Sequence[Args], value: T) -> T:
        if len(args_list) >= WHOLE_DOMAIN:
            self._kept[id(args_list)] = (args_list, value)
        return value


class Probe:
    def __init__(self, process: Child, function: str,
                 properties: PropertySettings,
                 place: Callable[[int], str] | None = None,
                 work: SharedWork | None = None) -> None:
        self.process = process
        self.function = function
        self.properties = properties
        self.place = place  # a line of the loaded text as the student finds it
        # what this probe's owner lets it reuse of other probes' work (see shared_work)
        self.work = work if work is not None else SharedWork()
        self._memo: DomainMemo = self.work.domains
        # what each call came to: the value it returned, or else what happened
        self._returned: dict[Args, Value] = {}
        self._failed: dict[Args, Outcome] = {}
        # calls lost when the child died during a batch: which one killed it is unknown
        self._lost_in_batch: dict[Args, int] = {}
        # inputs already called afresh, in a batch that printed nothing: a call of them
        # alone would print nothing either (so a slow function is not asked again)
        self.quiet: set[Args] = set()
        # the outcomes of a whole domain, by the identity of its (constant) list
        self._domains: PerDomain[list[Outcome]] = PerDomain()
        self._domain_values: PerDomain[list[Value]] = PerDomain()
        self._keys: PerDomain[bytes] = PerDomain()
        # whole domains read from one reply (see `_ask_whole`): the domain's values (shared
        # by the probes with the same answers, see `whole_values`), and where each call
        # stands in it (shared by every probe), in place of an entry per call in
        # `_returned`, which cost a mirror two to three milliseconds to build
        self._wholes: list[tuple[dict[Args, int], list[Value]]] = []
        # calls asked once more, and asked of a child of their own (see `asked_again`,
        # `elsewhere`), by the calls and the rules swapped in
        self._again: dict[tuple[Any, str], tuple[list[Outcome], str]] = {}
        self._elsewhere: dict[tuple[Any, str], tuple[threading.Thread | Callable[[], None],
                                                    list[Elsewhere]]] = {}

    @property
    def timed_out(self) -> bool:
        return any(isinstance(outcome, TimedOut) for outcome in self._failed.values())

    def call_of(self, args: Args) -> Call:
        return Call(self.function, args)

    def outcomes(self, args_list: Sequence[Args]) -> list[Outcome]:
        """The outcome of each call, asking the child only for ones not yet known. The
        list is shared (do not change it): a whole domain, asked again by the
        description and the fingerprint, is built once."""
        kept = self._domains.get(args_list)
        if kept is not None:
            return kept
        untried = self._ask(args_list)
        failed = self._failed
        found = [Returned(value) if (value := self._known(a)) is not Unknown.CALL
                 else failed.get(a) or untried[a] for a in args_list]
        if not untried:  # known outcomes never change; untried ones may
            self._domains.put(args_list, found)
        return found

    def _ask(self, args_list: Sequence[Args]) -> dict[Args, Outcome]:
        """Ask the child for the calls not yet known; returns those it did not try
        (after a timeout), which are not remembered: a later check may try them."""
        returned, failed = self._returned, self._failed
        missing = list(filterfalse(returned.__contains__, args_list))  # at C speed
        for where, _ in self._wholes:
            missing = list(filterfalse(where.__contains__, missing))
        if missing and failed:
            missing = [a for a in missing if a not in failed]
        if not missing:
            return {}
        # an input asked twice is one call; a whole domain holds each input once, and so
        # does what is left of it
        if len(missing) > 1 and not unique(args_list, self._memo):
            missing = list(dict.fromkeys(missing))
        return self._record(missing, self.process.call(self.function, missing))

    def _ask_whole(self, args_list: Sequence[Args]
                   ) -> tuple[list[Value] | None, dict[Args, Outcome] | None]:
        """A whole domain the probe knows next to nothing of: the calls it does not
        know, cut out of it around the few it does, asked in one request. When every
        call returns, the reply's list, with the known values put back in their
        places, is the domain's values, with no look-up per call. Gives those values
        (None unless every call returned) and the calls not tried (None when this does
        not apply, and the domain is asked as any list is)."""
        returned, failed = self._returned, self._failed
        if len(args_list) < WHOLE_DOMAIN or len(returned) + len(failed) > FEW or \
                self._wholes or not unique(args_list, self._memo):
            return None, None
        where = positions(args_list, self._memo)
        known = sorted((at, args) for args in chain(returned, failed)
                       if (at := where.get(args)) is not None)
        missing = cut_around(args_list, tuple(at for at, _ in known), self._memo)
        if not missing:
            return None, None
        answers = self.process.call(self.function, missing)
        if answers.values is None or any(args in failed for _, args in known):
            return None, self._record(missing, answers)
        placed = [(at, returned[args]) for at, args in known]
        key = domain_key(answers.key, placed) if answers.key is not None else None
        values = whole_values(key, answers.values, placed, self._memo)
        self._wholes.append((where, values))
        if key is not None:
            self._keys.put(args_list, key)
        return values, {}

    def _known(self, args: Args) -> Value | Unknown:
        """What a call returned, when it is known to have returned."""
        # no value is ever Unknown.CALL; a look-up that misses, as nearly all do once a
        # whole domain is known, costs no exception
        value = self._returned.get(args, Unknown.CALL)
        if value is not Unknown.CALL:
            return value
        for where, values in self._wholes:
            at = where.get(args)
            if at is not None:
                return values[at]
        return Unknown.CALL

    def _record(self, asked: Sequence[Args], answers: Answers) -> dict[Args, Outcome]:
        """Remember what each call of `asked` (none of them known yet) came to; returns
        the calls the child did not try (see `_ask`)."""
        returned, failed = self._returned, self._failed
        if answers.key is not None:  # a big reply another function gave too
            more_returned, more_failed = sorted_out(asked, answers, self._memo)
            self._returned = merged(returned, more_returned)
            self._failed = merged(failed, more_failed)
            if answers.others is not None:
                self._remember_losses(asked, answers.others)
            return {}
        if answers.values is not None:
            self._returned = merged(returned, dict(zip(asked, answers.values)))
            return {}
        outcomes = answers.outcomes
        self._remember_losses(asked, outcomes)
        untried: dict[Args, Outcome] = {}
        for args, outcome in zip(asked, outcomes):
            if type(outcome) is Returned:
                returned[args] = outcome.value
            elif type(outcome) is NotTried:
                untried[args] = outcome
            else:
                failed[args] = outcome
        return untried

    def fresh(self, args_list: Sequence[Args], patch: dict[str, Any] | None = None
              ) -> tuple[list[Outcome], str]:
        """Call again, bypassing the cache: for repeatability, output and variants."""
        answers = self.process.call(self.function, list(args_list), patch)
        results, printed = answers.outcomes, answers.printed
        self._remember_losses(list(args_list), results)
        if not printed and not patch and all(type(r) is Returned for r in results):
            self.quiet.update(args_list)
        return results, printed

    def asked_again(self, args_list: Sequence[Args], patch: dict[str, Any] | None = None
                    ) -> tuple[list[Outcome], str]:
        """What these calls came to when asked once more (with the rules `patch` swaps
        in), and what they printed: asked of the child once, whoever asks after (the
        check of the same answer every time, of printing, a known mistake), so that a
        slow function pays for each call once."""
        key = (tuple(args_list), repr(patch))
        known = self._again.get(key)
        if known is None:
            known = self._again[key] = self.fresh(args_list, patch)
        return known

    def asked_again_already(self) -> list[Args]:
        """The single calls asked once more so far (see `asked_again`), without rules
        swapped in: what comparing an answer with an earlier one costs nothing more."""
        return [key[0][0] for key in self._again if len(key[0]) == 1 and key[1] == 'None']

    def again_values(self, args_list: Sequence[Args]) -> tuple[list[Value], str]:
        """`asked_again`, where a call that did not return fails the check."""
        results, printed = self.asked_again(args_list)
        return [self.returned(args, outcome) for args, outcome in zip(args_list, results)], \
            printed

    def start_elsewhere(self, args_list: Sequence[Args], patch: dict[str, Any] | None = None,
                        count_lines: bool = False) -> None:
        """Begin asking these calls of a child of their own, the file loaded anew in it
        and asked nothing before: in the background, while this probe's child goes on
        (see `elsewhere`). With `count_lines`, each call is traced (see
        `Child.call`)."""
        key = (tuple(args_list), repr(patch))
        if key in self._elsewhere:
            return
        found: list[Elsewhere] = []

        def ask() -> None:
            with self.process.twin() as twin:
                answers = twin.call(self.function, list(args_list), patch, count_lines)
                found.append(Elsewhere(answers.outcomes, twin.lines_run, twin.boards_seen))
        thread = threading.Thread(target=ask, name='asked elsewhere', daemon=True)
        self._elsewhere[key] = (thread, found)
        try:
            thread.start()
        except RuntimeError:  # no threads here (a browser's Python): asked when needed
            self._elsewhere[key] = (ask, found)

    def elsewhere(self, args_list: Sequence[Args], patch: dict[str, Any] | None = None
                  ) -> Elsewhere:
        """What these calls came to in a child of their own, where the file was loaded
        anew and asked nothing else: what depends on no earlier call (another rule's
        answer, for a flag), started with `start_elsewhere` or now."""
        self.start_elsewhere(args_list, patch)
        started, found = self._elsewhere[(tuple(args_list), repr(patch))]
        if isinstance(started, threading.Thread):
            started.join()
        elif not found:
            started()
        if found:
            return found[0]
        return Elsewhere([Died('it could not be asked again')] * len(args_list), None)

    def values(self, args_list: Sequence[Args]) -> list[Value]:
        """The values returned, in order; the first call that did not return fails the
        check. A whole domain's list is shared, like `all_returned`'s (do not change it)."""
        found, untried = self._all_returned(args_list)
        if found is not None:
            return found
        return [value if (value := self._known(a)) is not Unknown.CALL else
                self.returned(a, self._failed.get(a) or untried[a]) for a in args_list]

    def value(self, *args: Any) -> Value:
        known = self._known(args)  # most single calls were asked before (in a domain)
        return known if known is not Unknown.CALL else self.values([args])[0]

    def all_returned(self, args_list: Sequence[Args]) -> list[Value] | None:
        """The values returned, when every call returned (None otherwise): a whole
        domain read without building an outcome per call. Like `outcomes`, a whole
        domain's list is kept and shared (do not change it)."""
        return self._all_returned(args_list)[0]

    def _all_returned(self, args_list: Sequence[Args]
                      ) -> tuple[list[Value] | None, dict[Args, Outcome]]:
        """`all_returned`, with the calls the child did not try (see `_ask`)."""
        kept = self._domain_values.get(args_list)
        if kept is not None:
            return kept, {}
        whole, untried = self._ask_whole(args_list)
        if whole is not None:
            return self._domain_values.put(args_list, whole), {}
        if untried is None:  # not asked whole
            untried = self._ask(args_list)
        if self._wholes:
            found: list[Value] = []
            for args in args_list:
                value = self._known(args)
                if value is Unknown.CALL:
                    return None, untried
                found.append(value)
            return self._domain_values.put(args_list, found), untried
        try:  # every call returned: that never changes
            return self._domain_values.put(
                args_list, list(map(self._returned.__getitem__, args_list))), untried
        except KeyError:
            return None, untried

    def known_key(self, args_list: Sequence[Args]) -> bytes | None:
        """`answers_key` when it is known already (read from a reply, or worked out
        before), at no cost; else None."""
        return self._keys.get(args_list)

    def answers_key(self, args_list: Sequence[Args]) -> bytes | None:
        """A digest of the answers when every call returned (None otherwise): two
        functions with the same key answered alike on every call of `args_list`, so
        what is worked out from those answers alone can be shared between them."""
        known = self._keys.get(args_list)
        if known is not None:
            return known
        values = self.all_returned(args_list)
        if values is None:
            return None
        known = self._keys.get(args_list)  # read from one reply (see `_ask_whole`)
        if known is not None:
            return known
        try:  # each value with its exact type and length, at C speed (version 2: no
            written = marshal.dumps(values, 2)  # back-references, which follow identity)
        except ValueError:  # an object of a type the grader does not accept
            return None
        return self._keys.put(args_list, hashlib.blake2b(
            written, digest_size=16, person=b'hexgrade-values').digest())

    def returned(self, args: Args, outcome: Outcome) -> Value:
        """The value of a call that returned; a `Failure` that says what happened otherwise,
        with a hint for that kind of trouble."""
        if isinstance(outcome, Returned):
            return outcome.value
        call = self.call_of(args)
        if isinstance(outcome, Raised):
            hint = INPUT_HINT if outcome.type_name == 'EOFError' else RAISED_HINT
            raise Failure(f'{call} {outcome.describe(self.place)}', call, hint)
        if isinstance(outcome, TimedOut):
            raise Failure(f'{call} {outcome.describe()}', call,
                          timeout_hint(self.function, outcome, self.place))
        if isinstance(outcome, NotTried):
            raise Failure(f'{call} {outcome.describe()}', call, SLOW_HINT)
        lost = self._lost_in_batch.get(args)
        if lost:
            raise Failure(f'{self.function} stopped the program while answering {lost} calls '
                          f'in a row, so which call did it is not known: {outcome.describe()}',
                          hint=DIED_HINT)
        raise Failure(f'{call} stopped the program: {outcome.describe()}', call, DIED_HINT)

    def _remember_losses(self, args_list: Sequence[Args], results: list[Outcome]) -> None:
        if len(args_list) > 1 and results and isinstance(results[-1], Died):
            for args, outcome in zip(args_list, results):
                if isinstance(outcome, Died):
                    self._lost_in_batch.setdefault(args, len(args_list))
