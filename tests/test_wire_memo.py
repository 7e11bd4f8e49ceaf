"""The same big reply is read once per owner of a memo, and only where it is the same
reply to the same calls (autograder/sharing/wire_memo.py, StudentProcess.call, Probe)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from autograder.calls.outcomes import Raised, Returned
from autograder.checking.probe import Probe
from autograder.exercises.mirror.domain import EVERY_BOARD
from autograder.kit.paths import game_file
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import StudentProcess
from autograder.settings.config import Config
from autograder.sharing import wire_memo
from autograder.sharing.shared_work import SharedWork
from autograder.sharing.wire_memo import WireMemo

BOARDS = [args[0] for args in EVERY_BOARD]


@pytest.fixture(autouse=True)
def memo(monkeypatch: pytest.MonkeyPatch) -> WireMemo:
    """One owner's memo for every child a test starts, as a batch worker's."""
    shared = WireMemo()
    init = StudentProcess.__init__

    def with_memo(self: StudentProcess, *args: Any, **options: Any) -> None:
        if len(args) < 4:  # one given in its place (grading's own) stands
            options.setdefault('memo', shared)
        init(self, *args, **options)
    monkeypatch.setattr(StudentProcess, '__init__', with_memo)
    return shared


def _answers(source: str, asked: list[tuple[str]]) -> object:
    with StudentProcess(Config().limits, FLOOR) as child:
        assert child.load(source, 'mirror.py', {'hexapawn': game_file()}).error is None
        return child.call('mirror', asked)


def test_the_same_big_reply_gives_the_very_same_answers() -> None:
    first = _answers('def mirror(board):\n    return board[::-1]\n', EVERY_BOARD)
    again = _answers('def mirror(b):\n    return "".join(reversed(b))\n', EVERY_BOARD)
    assert first.key is not None and first.key == again.key  # type: ignore[attr-defined]
    assert first.values is again.values  # type: ignore[attr-defined]
    assert first.values == [board[::-1] for board in BOARDS]  # type: ignore[attr-defined]


def test_what_was_printed_is_part_of_the_reply_and_still_counted() -> None:
    quiet = _answers('def mirror(board):\n    return board\n', EVERY_BOARD)
    chatty = _answers('def mirror(board):\n    if board == "BBBBBBBBB":\n'
                      '        print("hi")\n    return board\n', EVERY_BOARD)
    assert quiet.key != chatty.key  # type: ignore[attr-defined]
    assert chatty.printed == 'hi\n' and quiet.printed == ''  # type: ignore[attr-defined]


def test_the_same_chatty_reply_again_keeps_what_this_file_keeps_of_its_output() -> None:
    chatty = 'def mirror(board):\n    if board == "BBBBBBBBB":\n        print("hi")\n' \
        '    return board\n'
    first = _answers(chatty, EVERY_BOARD)
    again = _answers(chatty, EVERY_BOARD)
    assert first.key == again.key and again.printed == 'hi\n'  # type: ignore[attr-defined]
    assert again is first  # the very answers kept, not a copy made for this call
    with StudentProcess(Config().limits, FLOOR) as child:
        assert child.load(chatty, 'mirror.py', {'hexapawn': game_file()}).error is None
        child.limits = replace(child.limits, output_kb=0)  # this file keeps none of it
        kept = child.call('mirror', EVERY_BOARD)
    assert kept.key == first.key and kept.printed == ''  # type: ignore[attr-defined]
    assert kept.values is first.values  # type: ignore[attr-defined]


def test_a_small_reply_is_read_afresh() -> None:
    assert _answers('def mirror(board):\n    return board\n',
                    EVERY_BOARD[:10]).key is None  # type: ignore[attr-defined]


def test_errors_in_a_big_reply_are_kept_with_their_calls() -> None:
    source = ('def mirror(board):\n    if board.count("B") == 4:\n'
              '        raise ValueError(board)\n    return board\n')
    first, again = _answers(source, EVERY_BOARD), _answers(source + '\n', EVERY_BOARD)
    assert first.key == again.key is not None  # type: ignore[attr-defined]
    outcomes = again.outcomes  # type: ignore[attr-defined]
    raised = [board for board, outcome in zip(BOARDS, outcomes) if isinstance(outcome, Raised)]
    assert raised == [board for board in BOARDS if board.count('B') == 4]
    assert all(outcome == Returned(board) for board, outcome in zip(BOARDS, outcomes)
               if board.count('B') != 4)


def test_the_same_reply_to_other_calls_gives_those_calls_their_own_answers() -> None:
    """A function that gives back the same text on every board sends the same bytes
    whichever boards it is asked: each probe must still know what it was asked."""
    constant = 'def mirror(board):\n    return "........."\n'
    right = 'def mirror(board):\n    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n'
    asked_first = EVERY_BOARD[:2000]
    asked_then = EVERY_BOARD[2000:4000]
    work = SharedWork()
    probes = []
    for source, asked in ((constant, asked_first), (constant, asked_then), (right, asked_then)):
        child = StudentProcess(Config().limits, FLOOR)
        assert child.load(source, 'mirror.py', {'hexapawn': game_file()}).error is None
        probe = Probe(child, 'mirror', Config().properties, work=work)
        assert probe.values(asked) == [('.........' if source is constant else
                                        board[2::-1] + board[5:2:-1] + board[8:5:-1])
                                       for (board,) in asked]
        probes.append((probe, child))
    # the second knows the boards it was asked, and none of the first's
    second = probes[1][0]
    assert second.value(EVERY_BOARD[2500][0]) == '.........'
    assert EVERY_BOARD[10] not in second._returned
    for _, child in probes:
        child.close()


def test_only_a_big_reply_has_a_digest_and_each_its_own() -> None:
    assert wire_memo.digest(b'x' * 10) is None
    assert wire_memo.digest(b'x' * wire_memo.FROM_BYTES) != \
        wire_memo.digest(b'y' * wire_memo.FROM_BYTES)


def test_a_memo_is_its_owners_alone(memo: WireMemo) -> None:
    source = 'def mirror(board):\n    return board[::-1]\n'
    first = _answers(source, EVERY_BOARD)
    with StudentProcess(Config().limits, FLOOR, memo=WireMemo()) as child:  # another owner
        assert child.load(source, 'mirror.py', {'hexapawn': game_file()}).error is None
        other = child.call('mirror', EVERY_BOARD)
    assert other.key == first.key and other.values == first.values  # type: ignore
    assert other.values is not first.values  # type: ignore[attr-defined]
    assert 0 < memo.kept_bytes <= wire_memo.MOST_BYTES + wire_memo.SENT_BYTES


def test_many_big_replies_all_different_are_kept_within_the_memos_bytes() -> None:
    """A student who sends reply after big reply, each different, costs a worker no
    more than the memo's bound."""
    small = WireMemo(most_bytes=4 * 1024 * 1024)
    for number in range(12):
        with StudentProcess(Config().limits, FLOOR, memo=small) as child:
            source = f'def mirror(board):\n    return board + "{number}" * 40\n'
            assert child.load(source, 'mirror.py', {}).error is None
            assert child.call('mirror', EVERY_BOARD).values is not None  # type: ignore
    assert small.parsed.kept_bytes + small.read.kept_bytes <= 4 * 1024 * 1024
    assert len(small.read) < 12


def test_a_long_list_of_calls_asked_again_travels_as_it_did() -> None:
    from autograder.sandbox.call_requests import arguments
    sent = WireMemo().sent
    boards = list(EVERY_BOARD)
    first = arguments(boards, sent)
    assert arguments(list(EVERY_BOARD), sent) is first  # the same calls again
    assert arguments(list(EVERY_BOARD)) is not first  # nothing kept without a memo
    changed = list(boards)
    changed[5000] = ('WWWWWWWWW',)  # same length, same first and last call
    other = arguments(changed, sent)
    assert other is not first
    assert other['joined'][5000 * 9:5001 * 9] == 'WWWWWWWWW'
    mixed = arguments([(board, 'W') for (board,) in boards], sent)  # two arguments each
    assert mixed == {'args': [(board, 'W') for (board,) in boards]}
    ones = arguments([(1,)] * 2000, sent)
    trues = arguments([(True,)] * 2000, sent)  # equal to the ones, yet other calls
    assert [type(value) for (value,) in trues['args']] == [bool] * 2000
    assert [type(value) for (value,) in ones['args']] == [int] * 2000
    again = [(board,) for (board,) in boards]  # equal boards in other tuples
    assert arguments(again, sent) is not first
    assert arguments(again, sent)['joined'] == first['joined']


def test_answers_read_under_another_time_limit_are_not_shared() -> None:
    """The same bytes read with another limit say another thing of a timeout."""
    from autograder.calls.outcomes import Answers, TimedOut
    from autograder.checking.domain_answers import DomainMemo, sorted_out
    asked = [(str(number),) for number in range(3)]
    digest = b'd' * 16
    short = Answers(None, [TimedOut(0.3)] * 3, '', (digest, 3, 0.3))
    long = Answers(None, [TimedOut(0.5)] * 3, '', (digest, 3, 0.5))
    memo = DomainMemo()
    assert sorted_out(asked, short, memo)[1][('0',)] == TimedOut(0.3)
    assert sorted_out(asked, long, memo)[1][('0',)] == TimedOut(0.5)


def test_answers_shared_between_students_stay_as_they_came(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Grading reads the shared answers of a big reply (checks, diagnosis, description,
    fingerprint) and changes none of them: the next student with the same reply is
    graded on what their function returned."""
    from autograder.exercises import BY_NAME
    from autograder.grading import grade_exercise
    from autograder.sandbox import process
    from autograder.submission.locate import locate
    work = SharedWork()  # a batch worker's: only what this test's students sent
    big: list[tuple[Any, Any]] = []  # each big batch asked, and the answers read
    call = process.StudentProcess.call

    def kept(self: Any, name: str, args: Any, *rest: Any) -> Any:
        answers = call(self, name, args, *rest)
        if len(args) > 1000:
            big.append((args, answers))
        return answers
    monkeypatch.setattr(process.StudentProcess, 'call', kept)
    results = []
    for number in range(3):
        folder = tmp_path / f'student{number}'
        folder.mkdir()
        (folder / 'mirror.py').write_text(f'def mirror(board):\n    # {number}\n'
                                          f'    return list(board)\n')
        located = locate(folder, ('mirror',))['mirror']
        results.append(grade_exercise(BY_NAME['mirror'], located, Config(), FLOOR,
                                      fingerprinted=True, work=work))
    assert results[0] == results[1] == results[2]
    assert len(big) == 3 and big[1][1].values is big[0][1].values  # read once, shared
    for asked, answers in big:
        assert answers.values == [list(board) for board, in asked]
