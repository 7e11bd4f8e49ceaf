"""The one place hexgrade reaches into Hypothesis' private internals, and why.

Since 6.131.1 Hypothesis mixes into what it draws literals it finds in the "local"
modules loaded at the time (any module outside site-packages and the standard
library). So the inputs drawn for a property would depend on the program around the
grader: the CLI, a batch worker and pytest load different modules, and the student's
own folder may hold some. A verdict must not depend on that, and Hypothesis has no
public switch for it (its settings, backends and environment variables offer none), so
`draw_without_local_constants` swaps the private function that collects them for one
that finds none.

Hypothesis is pinned in pyproject.toml. `tests/test_hypothesis_internals.py` fails
when a private name used here disappears, and when the swap stops keeping a local
module's literals out of the draws.

To drop this module: when Hypothesis offers a public way to turn local constants off
(or stops collecting them), use it in `properties._run_hypothesis_alone` instead, delete
this module and its test, and run `python -m autograder.checking.recording`: if the recording
does not change, no verdict does.
"""
from __future__ import annotations

from typing import Any

from autograder.errors import GraderError

__all__ = ['draw_without_local_constants']

# the private names used below, for the message when one of them is gone
PRIVATE = ('_get_local_constants', '_local_constants', 'CONSTANTS_CACHE', 'LRUCache',
           'SortedSet', 'float_to_int')


def draw_without_local_constants() -> None:
    """From now on, Hypothesis draws in this process as if no local module were loaded."""
    from hypothesis.internal.conjecture import providers

    missing = [name for name in PRIVATE if not hasattr(providers, name)]
    if missing:
        raise GraderError(
            f"Hypothesis {_version()} has no {', '.join(missing)} in "
            'hypothesis.internal.conjecture.providers, so its inputs would depend on the '
            'modules loaded around the grader',
            tip='install the Hypothesis version pinned in pyproject.toml')
    if getattr(providers._get_local_constants, 'none_local', False):
        return
    sorted_set, to_int = providers.SortedSet, providers.float_to_int  # type: ignore[attr-defined]
    empty = providers._local_constants.__class__(
        integers=sorted_set(), floats=sorted_set(key=to_int), bytes=sorted_set(),
        strings=sorted_set())

    def no_local_constants() -> Any:
        return empty
    no_local_constants.none_local = True  # type: ignore[attr-defined]
    providers._get_local_constants = no_local_constants
    # the cache may hold constants collected before the swap
    providers.CONSTANTS_CACHE = providers.LRUCache(1024)  # type: ignore[attr-defined]


def _version() -> str:
    from hypothesis import __version__
    return __version__
