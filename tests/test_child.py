"""The child's own process (autograder/sandbox/inside/child.py): what the garbage collector
walks there, under every layer (a zygote's fork) and on the floor (an interpreter of
its own); the signal handling it starts with."""
from __future__ import annotations

import signal
from typing import Any, Iterator

import pytest

from autograder.calls.outcomes import Returned
from autograder.sandbox.isolation import FLOOR, Isolation
from autograder.sandbox.process import StudentProcess
from autograder.sandbox.working_layers import probe
from autograder.settings.config import Config

# at its first line, how many objects the collector would walk, and how many it keeps
# out of its rounds
COUNTED_AT_IMPORT = ('import gc\n'
                     'WALKED = sum(len(gc.get_objects(generation)) for generation in range(3))\n'
                     'KEPT = gc.get_freeze_count()\n'
                     'def counts():\n'
                     '    return [WALKED, KEPT]\n')

# cycles only the collector can free, each telling when it is freed, and never a
# gc.collect(): the collector must still run on its own
CYCLES = ('import weakref\n'
          'class Node:\n'
          '    pass\n'
          'def freed(count):\n'
          '    seen = []\n'
          '    for _ in range(count):\n'
          '        node = Node()\n'
          '        node.me = node\n'
          '        weakref.finalize(node, seen.append, 1)\n'
          '    return len(seen)\n')


@pytest.fixture(scope='module', params=['every layer', 'floor'])
def isolation(request: pytest.FixtureRequest) -> Iterator[Isolation]:
    if request.param == 'floor':
        yield FLOOR
        return
    strongest = probe()
    yield strongest
    strongest.close()


def returned(isolation: Isolation, source: str, name: str, *args: Any) -> Any:
    with StudentProcess(Config().limits, isolation) as child:
        loaded = child.load(source, 'student.py', {})
        assert loaded.error is None
        outcome = child.call(name, [args]).outcomes[0]
    assert isinstance(outcome, Returned)
    return outcome.value


def test_what_the_child_held_before_the_student_is_kept_out_of_the_collector(
        isolation: Isolation) -> None:
    """A zygote's objects, inherited at the fork, were walked (and their pages copied)
    at each of the child's first collections: some 1,500 of them."""
    walked, kept = returned(isolation, COUNTED_AT_IMPORT, 'counts')
    assert walked < 300  # the student's module and the request that loads it
    assert kept > 1000  # the interpreter's modules, the child's own


def test_the_students_own_cycles_are_still_collected(isolation: Isolation) -> None:
    assert returned(isolation, CYCLES, 'freed', 5000) > 4000


SIGNALS = ('import signal\n'
           'SHIELDED = (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1,\n'
           '            signal.SIGUSR2)\n'
           'def handling():\n'
           '    return [all(signal.getsignal(s) == signal.SIG_DFL for s in SHIELDED),\n'
           '            signal.getsignal(signal.SIGINT) is signal.default_int_handler,\n'
           '            sorted(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, []))]\n')


def test_a_child_has_the_usual_signal_handling_whatever_its_grader_ignores() -> None:
    """A batch's worker ignores Ctrl-C, and the zygote it starts holds back the
    signals a child could send it: each child still gets them as a program does at
    home, none held back, Ctrl-C raising KeyboardInterrupt."""
    ignoring = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        strongest = probe()
    finally:
        signal.signal(signal.SIGINT, ignoring)
    try:
        assert returned(strongest, SIGNALS, 'handling') == [True, True, []]
    finally:
        strongest.close()
