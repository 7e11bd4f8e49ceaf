"""The wire between parent and child: each message framed as its length and JSON; a
batch of plain strings travels bare (the parent reads it several times faster),
anything else travels tagged with its exact type, and both come back as the same
outcomes."""
from __future__ import annotations

import json
from itertools import product
from typing import Any, Iterator

import pytest
from hypothesis import example, given, settings, strategies as st

from autograder.calls.outcomes import Raised, Returned
from autograder.calls.values import Opaque
from autograder.sandbox.inside import wire
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import MAX_MESSAGE, PRINTED_BYTES, StudentProcess
from autograder.settings.config import Config


def reader(data: bytes) -> wire.Read:
    """Reads from `data` a few bytes at a time, as a pipe may give them."""
    left = memoryview(data)

    def read(size: int) -> bytes:
        nonlocal left
        chunk, left = left[:min(size, 3)], left[min(size, 3):]
        return bytes(chunk)
    return read


@settings(max_examples=150, deadline=None, database=None, derandomize=True)
@given(piece=st.text(max_size=12), others=st.dictionaries(
    st.text(max_size=6).filter(lambda name: name != 'joined'),
    st.integers() | st.text(max_size=6) | st.none(), max_size=3))
@example(piece='.BW', others={'width': 9, 'output': ''})  # a board batch: written raw
@example(piece='a"b\\c\n', others={})  # quotes, backslashes and controls: json's way
@pytest.mark.parametrize('key', wire.RAW_KEYS)
def test_a_long_joined_batch_reads_back_as_it_was_sent(key: str, piece: str,
                                                         others: dict[str, Any]) -> None:
    joined = piece * (wire.RAW_FROM // max(len(piece), 1) + 1)
    message = {key: joined, **{name: value for name, value in others.items() if name != key}}
    framed = wire.frame(message, compact=True)
    assert int(framed[:wire.HEADER]) == len(framed) - wire.HEADER
    assert wire.receive(reader(framed)) == message
    # written raw or not, the very bytes json.dumps gives
    assert framed[wire.HEADER:] == json.dumps(message, separators=wire.COMPACT).encode()


def test_a_message_is_its_length_in_eight_digits_then_json() -> None:
    assert wire.frame({'op': 'call', 'n': [1, 2]}) == b'00000027{"op": "call", "n": [1, 2]}'
    assert wire.frame({'op': 'call', 'n': [1, 2]}, compact=True) == \
        b'00000023{"op":"call","n":[1,2]}'
    sent: list[bytes] = []
    wire.send(lambda view: sent.append(bytes(view[:5])) or len(sent[-1]), {'a': 'é'})
    assert wire.receive(reader(b''.join(sent))) == {'a': 'é'}


@pytest.mark.parametrize('data,error', [
    (b'what?!!!{}', wire.Unreadable),
    (b'00000002[]', wire.Unreadable),
    (b'00000011{"a": "b"}', wire.TooLarge),
    (b'00000003{"a', ValueError),
])
def test_a_forged_message_is_refused(data: bytes, error: type[Exception]) -> None:
    with pytest.raises(error):
        wire.receive(reader(data), limit=10)


@pytest.mark.parametrize('data', [b'', b'0000', b'00000010{"a": 1'])
def test_a_stream_that_ends_early_gives_no_message(data: bytes) -> None:
    assert wire.receive(reader(data)) is None


SOURCE = '''
class Sneaky(str):
    pass

def echo(value):
    if value == 'sneaky':
        return Sneaky('abc')
    if value == 'list':
        return ['a']
    if value == 'raise':
        raise ValueError('no')
    return value
'''


@pytest.fixture
def child() -> Iterator[tuple[StudentProcess, list[dict[str, Any]]]]:
    """A child, and every reply it sent, as the parent read it off the wire."""
    replies: list[dict[str, Any]] = []
    with StudentProcess(Config().limits, FLOOR) as process:
        ask = process._exchange

        def recording(message: dict[str, Any], seconds: float, progress: bool = False
                      ) -> dict[str, Any]:
            reply = ask(message, seconds, progress)
            replies.append(reply)
            return reply
        process._exchange = recording  # type: ignore[method-assign]
        assert process.load(SOURCE, 'echo.py', {}).error is None
        yield process, replies


def test_a_batch_of_plain_strings_travels_bare(child: Any) -> None:
    process, replies = child
    outcomes = process.call('echo', [('abc',), ('',), ('é' * 3,)]).outcomes
    assert outcomes == [Returned('abc'), Returned(''), Returned('ééé')]
    assert replies[-1]['texts'] == ['abc', '', 'ééé'] and 'results' not in replies[-1]


def test_a_long_batch_of_strings_travels_as_one_string_cut_by_a_separator(child: Any
                                                                          ) -> None:
    process, replies = child
    boards = [(f'{n:09d}'.replace('0', '.'),) for n in range(200)] + [('BBB.BW.BW',), ('|',)]
    outcomes = process.call('echo', boards).outcomes
    assert outcomes == [Returned(board) for (board,) in boards]
    assert replies[-1]['by'] == '~' and replies[-1]['split'].count('~') == len(boards) - 1


def test_a_batch_that_fit_in_the_reply_limit_cut_by_width_fits_cut_by_a_separator() -> None:
    """A separator between answers is a byte more each than answers of one width: the
    limit on a reply grows by as much, so such a reply is read as it was before."""
    limits = Config().limits
    most = MAX_MESSAGE + PRINTED_BYTES * limits.output_kb * 1024
    count, answer = 19683, '\x01' * 40 + 'a' * 13  # 253 bytes each, as JSON writes it
    output = {'output': {'text': '', 'dropped': 0}}
    by_width = wire.frame({**wire.strings_out([answer] * count), **output}, compact=True)
    answers = wire.all_strings_out([answer] * count)
    assert answers is not None and 'split' in answers
    cut = wire.frame({**answers, **output}, compact=True)
    assert len(by_width) - wire.HEADER <= most < len(cut) - wire.HEADER  # only the cut is over
    source = f'def same(n):\n    return {answer!r}\n'
    with StudentProcess(limits, FLOOR) as process:
        assert process.load(source, 'same.py', {}).error is None
        read = process.call('same', [(n,) for n in range(count)])
    assert read.values == [answer] * count


@pytest.mark.parametrize('odd,outcome', [
    ('sneaky', Returned(Opaque('Sneaky', "'abc'"))),
    ('list', Returned(['a'])),
    ('raise', Raised('ValueError', 'no', 11)),
])
def test_a_batch_with_anything_else_travels_tagged(child: Any, odd: str,
                                                   outcome: object) -> None:
    process, replies = child
    outcomes = process.call('echo', [('abc',), (odd,)]).outcomes
    assert outcomes == [Returned('abc'), outcome]
    assert 'texts' not in replies[-1] and len(replies[-1]['results']) == 2


def test_a_bare_batch_of_the_wrong_length_is_not_believed(child: Any) -> None:
    process, replies = child
    ask = process._exchange
    process._exchange = lambda message, seconds, progress=False: {  # type: ignore[method-assign]
        **ask(message, seconds, progress), 'texts': ['only one']}
    outcomes = process.call('echo', [('a',), ('list',)]).outcomes
    assert outcomes == [Returned('a'), Returned(['a'])]  # read from the tagged results


@pytest.mark.parametrize('texts', [
    [], ['a'], ['ab', 'c'], ['ab'] * 100, ['é' * 9] * 64, ['', ''] * 50, ['x'] * 63,
])
def test_a_batch_of_strings_comes_back_as_it_went(texts: list[str]) -> None:
    carried = wire.strings_out(texts)
    assert wire.strings_in(json.loads(json.dumps(carried))) == texts
    assert ('joined' in carried) == (len(texts) >= wire.JOIN_FROM and
                                     len({len(t) for t in texts}) == 1 and texts[0] != ''
                                     and all(t.isascii() for t in texts))


@pytest.mark.parametrize('forged', [
    {}, {'texts': 'abc'}, {'texts': ['a', 1]}, {'joined': 'abcd', 'width': 3},
    {'joined': 'abc', 'width': 0}, {'joined': 'abc', 'width': '3'}, {'joined': 3, 'width': 1},
    {'joined': 'abc', 'width': True},
])
def test_a_forged_batch_of_strings_is_not_read(forged: dict[str, Any]) -> None:
    assert wire.strings_in(forged) is None


ONE_WIDTH = st.integers(1, 4).flatmap(lambda width: st.tuples(
    st.lists(st.text(alphabet='ab\0', min_size=width, max_size=width), min_size=60,
             max_size=90),
    st.lists(st.text(alphabet='ab\0', max_size=6), max_size=2), st.integers(0, 90)))


@settings(max_examples=300, deadline=None)
@given(ONE_WIDTH)
@example((['ab'] * 70, ['a', '\0bc'], 5))  # one short, one long: the total is right,
@example((['ab'] * 70, ['abc', 'b'], 69))   # and a NUL falls where a separator would
def test_a_batch_goes_joined_exactly_when_its_strings_are_of_one_width(
        made: tuple[list[str], list[str], int]) -> None:
    """Strings of one width, with NULs among them (which the quick test of widths must
    not be fooled by), and perhaps others of other widths side by side: joined exactly
    when every one is as long as the first."""
    texts, odd, at = made
    texts = texts[:at] + odd + texts[at:]
    carried = wire.strings_out(texts)
    assert ('joined' in carried) == (len(texts) >= wire.JOIN_FROM and
                                     len({len(t) for t in texts}) == 1)
    assert wire.strings_in(json.loads(json.dumps(carried))) == texts


# one half of a surrogate pair only: two halves within one answer read back as one
# character, however a batch travels (JSON's way); halves in two answers are an example
ANSWERS = st.lists(st.text(alphabet=wire.SEPARATORS[:3] + 'aé\0"\\\n\ud83d', max_size=4),
                   max_size=90)


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(ANSWERS)
@example(['ab'] * 70)
@example([''] * 70)  # nothing but separators once cut
@example(['|', '~'] * 40)  # the first two separators taken: the third cuts them
@example([wire.SEPARATORS] * 70)  # every separator taken: sent one by one
@example(['\ud83d', '\ude00'] * 40)  # halves of a pair, side by side, stay apart
def test_a_childs_answers_come_back_as_they_went_however_they_are_cut(texts: list[str]
                                                                      ) -> None:
    """A long batch goes as one string cut by the first separator none of its answers
    holds; any other batch goes as its list. Either reads back as it went, with the
    count asked for and no other."""
    carried = wire.all_strings_out(texts)
    assert carried is not None
    free = [by for by in wire.SEPARATORS if not any(by in text for text in texts)]
    assert ('split' in carried) == (len(texts) >= wire.JOIN_FROM and bool(free))
    if 'split' in carried:
        assert carried['by'] == free[0]
    reply = json.loads(json.dumps(carried))
    assert wire.strings_in(reply, len(texts)) == texts
    assert wire.strings_in(reply, len(texts) + 1) is None


@pytest.mark.parametrize('forged', [
    {'split': 'a|b', 'by': '|'}, {'split': 'a|b|c', 'by': 'a|'}, {'split': 'a|b|c', 'by': 1},
    {'split': ['a', 'b', 'c'], 'by': '|'}, {'split': 'a|b|c', 'by': ''},
    {'split': 'a|b|c|d', 'by': '|'},
])
def test_a_forged_batch_of_answers_is_not_read(forged: dict[str, Any]) -> None:
    assert wire.strings_in(forged, 3) is None


def test_a_batch_with_anything_but_strings_has_no_string_form() -> None:
    assert wire.all_strings_out(['abc'] * 70 + [None]) is None
    assert wire.all_strings_out([('abc',)] * 70) is None
    assert wire.all_strings_out([]) == {'texts': []}


LISTS = ('def squares(n):\n'
         '    return ["x" * n] if n > 50 else ["ab"] * n\n')


@pytest.mark.parametrize('sizes', [[3, 0, 5], [3, 30], [150, 2], [30, 150]])
def test_lists_of_strings_come_back_cut_as_any_value(sizes: list[int]) -> None:
    from autograder.calls.values import Truncated

    def expected(n: int) -> object:
        if n > 50:
            return [Truncated('str', n, 'x' * 100)]
        return Truncated('list', n, ['ab'] * 20) if n > 20 else ['ab'] * n
    with StudentProcess(Config().limits, FLOOR) as process:
        assert process.load(LISTS, 'squares.py', {}).error is None
        outcomes = process.call('squares', [(n,) for n in sizes]).outcomes
    assert outcomes == [Returned(expected(n)) for n in sizes]


def test_halves_of_a_surrogate_pair_never_merge_on_the_way() -> None:
    texts = ['\ud83d', '\ude00'] * 40  # each alone a lone half, side by side a pair
    carried = wire.strings_out(texts)
    assert wire.strings_in(json.loads(json.dumps(carried))) == texts


SAME_LIST = ('KEPT = []\n'
             'def squares(n):\n'
             '    KEPT.append(str(n))\n'
             '    return KEPT\n')


def test_a_list_is_sent_as_it_was_when_returned() -> None:
    with StudentProcess(Config().limits, FLOOR) as process:
        assert process.load(SAME_LIST, 'squares.py', {}).error is None
        outcomes = process.call('squares', [(1,), (2,), (3,)]).outcomes
    assert outcomes == [Returned(['1']), Returned(['1', '2']), Returned(['1', '2', '3'])]


def test_a_batch_of_strings_of_another_count_is_not_read() -> None:
    carried = wire.strings_out(['abc'] * 100)
    assert wire.strings_in(carried, 100) == ['abc'] * 100
    assert wire.strings_in(carried, 99) is None
    assert wire.strings_in({'texts': ['a', 'b']}, 3) is None


def test_answers_join_exactly_when_all_are_strs_of_one_length() -> None:
    """The test a fingerprint and a mirror's description make first: every answer a
    str, all of one length, even where NULs would fool a test of lengths by the NULs
    of the joined text."""
    boards = [''.join(board) for board in product('.BW', repeat=9)]
    assert wire.joined_if_one_width(boards) == ''.join(boards)
    with_nul = ['\0' + board[1:] for board in boards]
    assert wire.joined_if_one_width(with_nul) == ''.join(with_nul)
    shifted = [board + 'B' for board in boards[:2]] + [board[:-1] for board in boards[2:4]] \
        + boards[4:]  # as long joined as the boards, which are not all of one length
    assert wire.joined_if_one_width(shifted) is None
    fooling = boards[:1] + ['\0' * 8, '\0' * 10] + boards[3:]  # NULs every 10 characters
    assert '\0'.join(fooling)[9::10] == '\0' * (len(fooling) - 1)
    assert wire.joined_if_one_width(fooling) is None
    assert wire.joined_if_one_width(boards[:-1] + [None]) is None
    assert wire.joined_if_one_width(boards[:-1] + [list(boards[-1])]) is None
    assert wire.joined_if_one_width([]) is None
