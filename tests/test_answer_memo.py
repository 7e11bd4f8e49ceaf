"""What is worked out from a domain's answers alone is shared by functions that answered
alike, within one owner's memos (autograder/checking/answer_memo.py, Probe.answers_key)."""
from __future__ import annotations

from typing import Iterator

import pytest

from autograder.checking.answer_memo import ByAnswers
from autograder.checking.probe import Probe
from autograder.exercises.mirror.domain import EVERY_BOARD
from autograder.kit.paths import game_file
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import StudentProcess
from autograder.settings.config import Config
from autograder.sharing.shared_work import SharedWork

MIRRORS = {
    'as given': 'def mirror(board):\n    return board\n',
    'as given, the long way': 'def mirror(board):\n    return "".join(list(board))\n',
    'back to front': 'def mirror(board):\n    return board[::-1]\n',
    'as a list': 'def mirror(board):\n    return list(board)\n',
}


@pytest.fixture
def probes() -> Iterator[dict[str, Probe]]:
    processes = {name: StudentProcess(Config().limits, FLOOR) for name in MIRRORS}
    try:
        for name, process in processes.items():
            assert process.load(MIRRORS[name], 'mirror.py', {'hexapawn': game_file()}).error \
                is None
        work = SharedWork()  # one owner's, as a batch worker's
        yield {name: Probe(process, 'mirror', Config().properties, work=work)
               for name, process in processes.items()}
    finally:
        for process in processes.values():
            process.close()


def test_functions_that_answer_alike_share_a_key_and_no_others(probes: dict[str, Probe]
                                                               ) -> None:
    keys = {name: probe.answers_key(EVERY_BOARD) for name, probe in probes.items()}
    assert keys['as given'] == keys['as given, the long way'] is not None
    assert keys['back to front'] not in (None, keys['as given'])
    assert keys['as a list'] not in (None, keys['as given'])


def test_the_key_tells_where_each_answer_ends() -> None:
    class Given:
        def __init__(self, answers: list[str]) -> None:
            self.answers = answers

        def call(self, name: str, args: object, patch: object = None) -> object:
            from autograder.calls.outcomes import Answers
            return Answers(list(self.answers), None, '')
    cut_one_way = Probe(Given(['a\0b', 'c']), 'mirror', Config().properties)  # type: ignore[arg-type]
    cut_another = Probe(Given(['a', '\0bc']), 'mirror', Config().properties)  # type: ignore[arg-type]
    domain = [('x',), ('y',)]
    assert cut_one_way.answers_key(domain) != cut_another.answers_key(domain)


def test_work_is_done_once_per_behaviour(probes: dict[str, Probe]) -> None:
    memo: ByAnswers[str] = ByAnswers('test memo')
    done: list[str] = []

    def work(name: str) -> str:
        done.append(name)
        return f'worked out for {name}'
    got = {name: memo.get(probe, EVERY_BOARD, lambda name=name: work(name))  # type: ignore[misc]
           for name, probe in probes.items()}
    assert done == ['as given', 'back to front', 'as a list']
    assert got['as given, the long way'] == 'worked out for as given'
    assert got['as a list'] == 'worked out for as a list'


def test_each_owner_works_out_on_its_own(probes: dict[str, Probe]) -> None:
    """Memos belong to whoever grades (a batch worker, one student's check): another
    owner finds nothing of the first's, and works it out itself."""
    done: list[str] = []
    first = probes['as given']
    first.work.answers.named('test memo').get(first, EVERY_BOARD, lambda: done.append('one'))
    first.work.answers.named('test memo').get(first, EVERY_BOARD, lambda: done.append('two'))
    other = Probe(first.process, 'mirror', Config().properties, work=SharedWork())
    other.work.answers.named('test memo').get(other, EVERY_BOARD,
                                              lambda: done.append('three'))
    assert done == ['one', 'three']


def test_a_memo_keeps_no_more_than_its_bytes() -> None:
    from autograder.sharing.memo import Memo
    memo: Memo[str] = Memo('test', 1000, len)
    for number in range(100):
        memo.put(number, 'x' * 100)
    assert memo.kept_bytes <= 1000 and len(memo) == 10
    assert memo.get(99) == 'x' * 100 and memo.get(0) is None  # the oldest went first
    memo.put('big', 'x' * 400)  # more than a quarter of the bound: never kept
    assert memo.get('big') is None and len(memo) == 10


@pytest.mark.parametrize('one, other, alike', [
    ('list(board)', '[square for square in board]', True),
    ('list(board)', 'tuple(board)', False),
    ('board.count("B") == 3', '1 if board.count("B") == 3 else 0', False),  # True is not 1
    ('None', '[None][0]', True),
])
def test_answers_of_any_plain_type_have_a_key_that_keeps_their_types(
        one: str, other: str, alike: bool) -> None:
    keys = []
    for body in (one, other):
        with StudentProcess(Config().limits, FLOOR) as process:
            assert process.load(f'def mirror(board):\n    return {body}\n', 'mirror.py',
                                {'hexapawn': game_file()}).error is None
            keys.append(Probe(process, 'mirror', Config().properties).answers_key(EVERY_BOARD))
    assert None not in keys
    assert (keys[0] == keys[1]) is alike


def test_an_object_of_another_type_is_worked_out_each_time() -> None:
    with StudentProcess(Config().limits, FLOOR) as process:
        assert process.load('def mirror(board):\n    return object()\n', 'mirror.py',
                            {'hexapawn': game_file()}).error is None
        assert Probe(process, 'mirror', Config().properties).answers_key(EVERY_BOARD) is None
