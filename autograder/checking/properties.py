"""Property-based checks: Hypothesis' inputs, without paying for Hypothesis each time.

With a fixed seed and no example database, Hypothesis draws the same inputs on
every run as long as the test keeps passing: generation depends on the seed, not
on the code under test, until something fails. So the inputs are drawn once (or
read from `recorded_examples.json`, shipped for the default settings and checked
against Hypothesis by the tests), replayed against the student's function as
plain calls, and Hypothesis itself runs only when one of them fails, to shrink
that failure to the simplest input. Whether a property holds is what Hypothesis
says. Over a small finite domain whose deciding answers are known, the failure shown
is the simplest of all in Hypothesis' own order, found by trying each input in turn
(see `Property.simplest_first`), where its shrinking may stop at a local best.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from autograder.checking.failures import Failure
from autograder.checking.hypothesis_internals import draw_without_local_constants
from autograder.checking.probe import Args, Probe, PropertySettings
from autograder.sharing.memo import Memo

RECORDED = Path(__file__).with_name('recorded_examples.json')

Body = Callable[[Any], None]


@dataclass(frozen=True)
class Property:
    """One property's inputs: where Hypothesis draws them from, and which come first."""

    name: str                     # unique, e.g. 'mirror.any_characters'
    strategy: Callable[[], Any]   # builds the strategy; Hypothesis is imported only then
    explicit: tuple[Any, ...] = ()
    prefetch: Callable[[Any], Iterable[Args]] | None = None  # calls to batch up front
    # the calls whose answers decide the property, where every input it can draw stays
    # among them: two functions that return the same there fail it the same way
    decided_by: Callable[[], Sequence[Args]] | None = None
    # a finite domain: every input the strategy can draw, once for each thing the body
    # can tell apart, simplest first in Hypothesis' own order (fewer choices, then
    # smaller ones). Where `decided_by`'s answers are known, a failure is narrowed down
    # to the first of these that fails, in place of Hypothesis' shrinking, which can
    # stop short of it. Used only with `decided_by`: without it the body may ask the
    # child, once for each input tried
    simplest_first: Callable[[], Sequence[Any]] | None = None


def check_property(prop: Property, body: Body, probe: Probe) -> None:
    """Pass when `body` holds on every input Hypothesis would draw; otherwise raise the
    `Failure` for the simplest failing input that Hypothesis' shrinking finds (over a
    finite domain, the simplest there is: see `Property.simplest_first`). A function
    that returned the same values on every call deciding the property as one checked
    before gets that one's verdict, without a call (see `_behaviour`)."""
    key = _behaviour(prop, probe)
    known = probe.work.verdicts.get(key) if key is not None else None
    if known is not None:
        if known[0] is None:
            return
        raise _copy(known[0])
    try:
        _check(prop, body, probe, key)
    except Failure as failure:
        _decided(probe, key, failure)
        raise
    _decided(probe, key, None)


def _check(prop: Property, body: Body, probe: Probe, key: Behaviour | None) -> None:
    examples = examples_for(prop, probe.properties, memo=probe.work.examples)
    if prop.prefetch is not None:
        probe.outcomes([args for example in examples for args in prop.prefetch(example)])
    index = 0
    try:
        for index, example in enumerate(examples):
            body(example)
    except Failure as first:
        # Hypothesis reports a failing explicit example as it is, and its first generated
        # input is the simplest it can make: a failure there has nothing simpler to shrink
        # to (a test holds Hypothesis to that)
        if index <= len(prop.explicit):
            raise first
        if prop.simplest_first is not None and key is not None:
            raise _first_failing(prop.simplest_first(), body) or first
        _shrink(prop, body, probe.properties)
        raise first  # Hypothesis found nothing simpler: report what the replay found


def _first_failing(inputs: Sequence[Any], body: Body) -> Failure | None:
    """The failure of the first of `inputs` on which `body` fails. With the answers
    that decide it known, the body asks the child nothing: all of a small domain takes
    less than a millisecond, where Hypothesis would take a tenth of a second or more."""
    for example in inputs:
        try:
            body(example)
        except Failure as failure:
            return failure
    return None


Behaviour = tuple[str, PropertySettings, bytes]


def _behaviour(prop: Property, probe: Probe) -> Behaviour | None:
    """The values every call deciding the property returned, as a key that keeps each
    value's exact type; None when it has no such calls, or one of them did not return
    (calls that raised are left to Hypothesis: the line their error names is the
    student's own), or returned an object of a type the grader does not accept (its
    repr is the student's: a str subclass can show itself as a right answer).

    Why the key is complete: the property's verdict and the failure it reports depend
    on its name (which says its body and strategy, the grader's own), the settings
    (the examples drawn) and the answers to the calls that decide it, where every input
    it can draw stays among those calls (`Property.decided_by`): shrinking and the
    narrowing of a finite domain only ever read those answers. Two functions with the
    same key fail or pass the same way, whoever wrote them."""
    if prop.decided_by is None:
        return None
    key = probe.answers_key(prop.decided_by())
    return None if key is None else (prop.name, probe.properties, key)


def _decided(probe: Probe, key: Behaviour | None, verdict: Failure | None) -> None:
    if key is not None:
        probe.work.verdicts.put(key, (None if verdict is None else _copy(verdict),))


def _copy(failure: Failure) -> Failure:
    """The same failure in a new exception: one kept, or raised, never carries the
    traceback or context of a grading (which hold that student's whole probe)."""
    copy = type(failure).__new__(type(failure))
    copy.__dict__.update(failure.__dict__)
    copy.args = failure.args
    return copy


def examples_for(prop: Property, settings: PropertySettings, shipped: bool = True,
                 memo: Memo[list[Any]] | None = None) -> list[Any]:
    """The inputs Hypothesis draws for `prop`, explicit ones first; `shipped=False`
    asks Hypothesis even when the shipped recording has them. Drawn once for each
    owner of a `memo` (see `shared_work`): what Hypothesis draws depends on the
    property (its name says its strategy and explicit inputs, the grader's own), the
    settings and Hypothesis itself, never on a student's code, as long as nothing
    fails (the body that draws them always passes)."""
    found = _shipped().get(recording_key(prop.name, settings)) if shipped else None
    if found is not None:
        return found
    key = (prop.name, settings)
    known = memo.get(key) if memo is not None else None
    if known is not None:
        return known
    drawn = _record(prop, settings)
    return memo.put(key, drawn) if memo is not None else drawn


def recording_key(name: str, settings: PropertySettings) -> str:
    return (f'{name}|examples={settings.max_examples}|seed={settings.seed}'
            f'|hypothesis={_hypothesis_version()}')


@lru_cache(maxsize=None)
def _hypothesis_version() -> str:
    """Hypothesis' version, from the name of the one metadata folder an installer put
    beside it (a listing); from its metadata where there is no such folder. Loading
    importlib.metadata costs some 25 ms, which the command would spend before it
    starts its workers, and each worker the first time it looks."""
    spec = importlib.util.find_spec('hypothesis')  # found, not imported
    if spec is not None and spec.origin is not None:
        try:
            found = [match[1] for name in os.listdir(Path(spec.origin).parent.parent)
                     if (match := DIST_INFO.fullmatch(name))]
        except OSError:
            found = []
        if len(found) == 1:
            return found[0]
    from importlib import metadata
    return metadata.version('hypothesis')


DIST_INFO = re.compile(r'hypothesis-([^-]+)\.dist-info')  # a wheel's: name and version


@lru_cache(maxsize=None)
def _shipped() -> dict[str, list[Any]]:
    try:
        recorded: dict[str, list[Any]] = json.loads(RECORDED.read_text(encoding='utf-8'))
        return recorded
    except (OSError, ValueError):
        return {}


def _record(prop: Property, settings: PropertySettings) -> list[Any]:
    """Run Hypothesis with a body that always passes, keeping what it draws."""
    drawn: list[Any] = []

    def keep(value: Any) -> None:
        drawn.append(value)
    _run_hypothesis(prop, keep, settings)
    return drawn


def _cache_outside_the_students_folder() -> None:
    """Hypothesis keeps caches in ./.hypothesis, and the current folder is often the
    student's: keep them in the user's cache folder instead, unless told otherwise."""
    from hypothesis.configuration import set_hypothesis_home_dir

    if not os.environ.get('HYPOTHESIS_STORAGE_DIRECTORY'):
        cache = os.environ.get('XDG_CACHE_HOME') or Path.home() / '.cache'
        set_hypothesis_home_dir(Path(cache) / 'hexgrade' / 'hypothesis')


def _shrink(prop: Property, body: Body, settings: PropertySettings) -> None:
    _run_hypothesis(prop, body, settings)


# Hypothesis is not thread-safe, and submissions may be graded in several threads (a
# Dask worker's, or a program that grades with hexgrade): it runs in one thread, always
# the same, as it sets up a random generator for each thread it meets, with a full
# garbage collection and a search of every object (tens of milliseconds). A property's
# body must never run Hypothesis: it would wait for its own thread.
_ONE_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix='hypothesis')


def _run_hypothesis(prop: Property, body: Body, settings: PropertySettings) -> None:
    _ONE_THREAD.submit(_run_hypothesis_alone, prop, body, settings).result()


def _import_without_plugins() -> None:
    """Import Hypothesis, the first time, without running the plugins installed beside
    it: each runs on import (trio's brings in pytest, a tenth of a second in every
    grading worker), and the plain strategies the grader draws from owe them nothing."""
    if 'hypothesis' in sys.modules:
        return
    before = os.environ.get(NO_PLUGINS)
    os.environ[NO_PLUGINS] = '1'
    try:
        import hypothesis  # noqa: F401
    finally:
        if before is None:
            del os.environ[NO_PLUGINS]
        else:
            os.environ[NO_PLUGINS] = before


NO_PLUGINS = 'HYPOTHESIS_NO_PLUGINS'  # Hypothesis' own switch, read as it is imported


def _run_hypothesis_alone(prop: Property, body: Body, settings: PropertySettings) -> None:
    _import_without_plugins()
    from hypothesis import HealthCheck, Phase, example, given, seed, settings as hypothesis_settings

    draw_without_local_constants()
    _cache_outside_the_students_folder()

    test = given(prop.strategy())(body)  # type: ignore[no-untyped-call]
    for explicit in reversed(prop.explicit):
        test = example(explicit)(test)
    graded = hypothesis_settings(
        max_examples=settings.max_examples, database=None, deadline=None,
        derandomize=False, print_blob=False, report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck),
        phases=(Phase.explicit, Phase.generate, Phase.shrink),
    )(test)
    seed(settings.seed)(graded)()
