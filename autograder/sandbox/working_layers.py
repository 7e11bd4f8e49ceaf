"""Finding out, at start, which isolation layers work on this machine.

Each strong layer is first asked whether it can be here at all (a binary, a
kernel feature, root, a writable cgroup); then one trial child is started with
all of them on. A layer the trial child cannot put on is dropped, named, and the
trial runs again, so the layers a run reports are the layers its children have.
Layers can be turned off on purpose with `off` or the environment variable
HEXGRADE_ISOLATION_OFF (a comma-separated list), to test or to work around.
Where the system lacks what the usual floor needs (Windows), every child is on the
portable floor instead (see `portable`); `posix` turns that floor on anywhere.
"""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Callable, Iterable

from autograder.calls.limits import Limits
from autograder.errors import ConfigError, GraderError
from autograder.sandbox import portable
from autograder.sandbox.isolation import (FLOOR_LAYERS, STRONG_LAYERS, TURNED_OFF, Isolation,
                                          portable_floor)

if TYPE_CHECKING:  # Linux's layers are imported only where the usual floor stands
    from autograder.sandbox.runtime import Runtime

ENV_OFF = 'HEXGRADE_ISOLATION_OFF'
ZYGOTE = 'zygote'  # not a layer: turning it off starts a fresh interpreter per child
POSIX = 'posix'  # not a layer: turning it off puts every child on the portable floor
# as root every child gives up root, the uid layer or not: where none can, nothing runs
NO_ROOT_CHILD = ('as root, every child must give up root before it runs student code, '
                 'and a trial child could not ({}); run hexgrade as an ordinary user, or '
                 'install bubblewrap (Debian: apt-get install bubblewrap)')


def _bubblewrap() -> str | None:
    from autograder.sandbox import bwrap
    return bwrap.problem()


def _cgroups() -> str | None:
    from autograder.sandbox import cgroups
    return cgroups.problem()


def _landlock() -> str | None:
    from autograder.sandbox.inside import landlock
    version = landlock.abi()
    return None if version >= 1 else 'Landlock is not enabled in this kernel'


def _seccomp() -> str | None:
    from autograder.sandbox.inside import seccomp
    return None if seccomp.available() else 'no seccomp filters for this kernel or machine'


def _uid() -> str | None:
    root = sys.platform != 'win32' and hasattr(os, 'geteuid') and os.geteuid() == 0
    return None if root else 'not root, so children keep the grader\'s uid'


CHECKS: dict[str, Callable[[], str | None]] = {  # looked up when called: tests replace them
    'bubblewrap': _bubblewrap, 'uid': _uid, 'cgroups': _cgroups,
    'landlock': _landlock, 'seccomp': _seccomp,
}


def turned_off(off: Iterable[str] = ()) -> frozenset[str]:
    """The layers turned off by `off` and the environment; unknown names are an error."""
    names = [n.strip() for n in os.environ.get(ENV_OFF, '').split(',') if n.strip()]
    names += list(off)
    known = (*STRONG_LAYERS, ZYGOTE, POSIX)
    for name in names:
        if name not in known:
            raise ConfigError(f'{ENV_OFF}: there is no isolation layer {name!r}; the layers '
                              f'are {", ".join(known)}')
    return frozenset(names)


def probe(off: Iterable[str] = ()) -> Isolation:
    """The strongest isolation that works here, with what is missing and why."""
    forced = turned_off(off)
    lacks = tuple(portable.NEEDS) if POSIX in forced else portable.lacking()
    if lacks:
        return portable_floor(lacks)
    return _strongest(forced)


if sys.platform != 'win32':  # Linux's layers, tried one by one; Windows never gets here
    from autograder.sandbox.zygote_client import LayerFailed

    def _strongest(forced: frozenset[str]) -> Isolation:
        """The strong layers that work here, each asked, then tried in a child."""
        missing = [(layer, TURNED_OFF) for layer in STRONG_LAYERS if layer in forced]
        wanted = []
        for layer in STRONG_LAYERS:
            if layer in forced:
                continue
            why = CHECKS[layer]()
            if why is None:
                wanted.append(layer)
            else:
                missing.append((layer, why))
        no_zygote = 'needs the zygote, which is turned off' if ZYGOTE in forced else \
            portable.zygote_problem()
        if no_zygote is not None:  # a fresh interpreter per child (macOS, say)
            missing += [(layer, no_zygote) for layer in wanted]
            return Isolation(missing=_ordered(missing))
        while True:
            try:
                runtime = _trial(frozenset(wanted))
            except LayerFailed as failed:
                if failed.layer == 'uid' and 'uid' not in wanted:
                    raise GraderError(NO_ROOT_CHILD.format(failed)) from None
                if failed.layer not in wanted:
                    raise
                wanted.remove(failed.layer)
                missing.append((failed.layer, f'a trial child could not use it ({failed})'))
                continue
            except GraderError as failed:
                if 'bubblewrap' not in wanted:
                    raise
                wanted.remove('bubblewrap')
                missing.append(('bubblewrap', f'a trial sandbox did not start ({failed})'))
                continue
            layers = tuple(layer for layer in STRONG_LAYERS if layer in wanted) + FLOOR_LAYERS
            return Isolation(layers, _ordered(missing), runtime=runtime)

    def _trial(layers: frozenset[str]) -> Runtime:
        """A runtime with these layers, once one child has started under it."""
        from autograder.sandbox.runtime import Runtime
        runtime = Runtime(layers)
        reader, writer = os.pipe()
        answer_reader, answer_writer = os.pipe()
        try:
            child = runtime.launch(Limits().for_child(), (reader, answer_writer), answer_reader)
            child.kill()
            child.finish()
        except BaseException:
            runtime.close()
            raise
        finally:
            for fd in (reader, writer, answer_reader, answer_writer):
                os.close(fd)
        return runtime
else:
    def _strongest(forced: frozenset[str]) -> Isolation:
        raise GraderError('the strong layers are Linux\'s alone')


def _ordered(missing: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(missing, key=lambda item: STRONG_LAYERS.index(item[0])))
