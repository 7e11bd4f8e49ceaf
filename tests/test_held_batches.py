"""A long batch of strings that every child is asked on (mirror's 3^9 boards) is given
once to the zygote, which holds it for the children it forks after that: they are
asked on it by its key alone, and answer exactly as when it came whole."""
from __future__ import annotations

import os
from itertools import product
from typing import Any, Iterator

import pytest

from autograder.calls.outcomes import Returned
from autograder.sandbox.inside import wire
from autograder.sandbox.isolation import Isolation
from autograder.sandbox.process import StudentProcess
from autograder.sandbox.working_layers import probe
from autograder.settings.config import Config

from child_modules import child_module

BOARDS = [(''.join(squares),) for squares in product('.BW', repeat=7)]  # 2,187 calls
MIRROR = 'def mirror(board):\n    return board[::-1]\n'


@pytest.fixture(scope='module')
def zygote_isolation() -> Iterator[Isolation]:
    isolation = probe()
    if isolation.runtime is None:
        pytest.skip('no zygote on this system: every child is sent every batch whole')
    yield isolation
    isolation.close()


def asked(isolation: Isolation) -> tuple[list[Any], Any]:
    """Mirror's outcomes on BOARDS from a new child, and that child."""
    with StudentProcess(Config().limits, isolation) as process:
        assert process.load(MIRROR, 'mirror.py', {}).error is None
        return process.call('mirror', BOARDS).outcomes, process._child


def test_a_batch_sent_once_whole_goes_by_its_key_to_later_children(
        zygote_isolation: Isolation, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[dict[str, Any]] = []
    send = wire.send

    def recording(write: Any, message: dict[str, Any], compact: bool = False) -> None:
        sent.append(message)
        send(write, message, compact)
    monkeypatch.setattr(wire, 'send', recording)
    first, child = asked(zygote_isolation)
    key = sent[-1]['held']
    assert 'joined' in sent[-1] and key not in child.holding  # forked before the offer
    again, later = asked(zygote_isolation)
    assert key in later.holding and 'joined' not in sent[-1] and sent[-1]['held'] == key
    assert again == first == [Returned(board[::-1]) for (board,) in BOARDS]


ECHO = 'def echo(text):\n    return text.upper()\n'


def test_batches_that_join_alike_but_cut_otherwise_are_not_mixed_up(
        zygote_isolation: Isolation) -> None:
    """1,000 times 'ab' and 2,000 letters 'a', 'b' in turn join to the same text."""
    pairs = [('ab',)] * 1000
    letters = [(letter,) for letter in 'ab' * 1000]
    for asked in (pairs, letters, pairs, letters):  # each from a child that may hold the
        with StudentProcess(Config().limits, zygote_isolation) as process:  # other
            assert process.load(ECHO, 'echo.py', {}).error is None
            outcomes = process.call('echo', asked).outcomes
        assert outcomes == [Returned(text.upper()) for (text,) in asked]


def held(data: bytes, **request: Any) -> dict[str, list[str]]:
    """What the zygote holds after a `hold` request with `data` on its fd."""
    reader, writer = os.pipe()
    os.write(writer, data)
    os.close(writer)
    batches: dict[str, list[str]] = {}
    child_module('zygote')._hold([reader], {'key': 'k', **request}, batches,
                                 child_module('wire'))
    return batches


def test_the_zygote_holds_a_batch_split_as_it_was_joined() -> None:
    assert held(b'abcdef', width=2, count=3) == {'k': ['ab', 'cd', 'ef']}


@pytest.mark.parametrize('data,request_', [
    (b'abcdefg', {'width': 2, 'count': 3}),  # longer than it says
    (b'abcde', {'width': 2, 'count': 3}),  # shorter
    ('ab\u00e9f'.encode(), {'width': 1, 'count': 5}),  # not ASCII
    (b'abcdef', {'width': 0, 'count': 3}), (b'abcdef', {'width': '2', 'count': 3}),
    (b'abcdef', {'width': 2}),
])
def test_a_batch_that_is_not_what_it_says_is_not_held(data: bytes,
                                                       request_: dict[str, Any]) -> None:
    assert held(data, **request_) == {}
