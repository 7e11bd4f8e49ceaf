"""What the child keeps of what a student's code prints: the first so many characters,
exactly, and a count of the rest, however the text falls across the buffer."""
from __future__ import annotations

import io
import sys
from typing import Iterator, cast

import pytest
from hypothesis import given, settings, strategies as st

from autograder.sandbox.inside.printed import BUFFER, Printed


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Printed]:
    """A Printed with a small limit, as sys.stdout and sys.stderr, while the test runs
    (pytest puts its own capture back between a fixture's set-up and the test)."""
    kept = Printed(50)
    with monkeypatch.context() as patched:
        patched.setattr(sys, 'stdout', sys.stdout)
        patched.setattr(sys, 'stderr', sys.stderr)
        yield kept


def test_what_is_printed_comes_back_and_the_next_request_starts_afresh(
        printed: Printed) -> None:
    printed.install()
    print('BB..W.W.W')
    print('to stderr too', file=sys.stderr)
    assert printed.take() == {'text': 'BB..W.W.W\nto stderr too\n', 'dropped': 0}
    assert printed.take() == {'text': '', 'dropped': 0}


def test_past_the_limit_characters_are_counted_not_kept(printed: Printed) -> None:
    printed.install()
    print('é' * 30 + '♟' * 30)  # two and three bytes each: the cut is by character
    assert printed.take() == {'text': 'é' * 30 + '♟' * 20, 'dropped': 11}


def test_a_flood_far_past_the_buffer_is_cut_at_the_same_character(printed: Printed) -> None:
    printed.install()
    for number in range(BUFFER):
        print(f'{number}: 🂡')
    text = ''.join(f'{number}: 🂡\n' for number in range(BUFFER))
    assert printed.take() == {'text': text[:50], 'dropped': len(text) - 50}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(st.characters(exclude_categories=())), max_size=30),
       st.integers(0, 200))
def test_any_text_is_kept_to_its_first_characters_exactly(texts: list[str], limit: int
                                                           ) -> None:
    kept = Printed(limit)
    for text in texts:
        kept.stream.write(text)  # surrogates, astral characters, line ends of any kind
    written = ''.join(texts)
    assert kept.take() == {'text': written[:limit], 'dropped': max(0, len(written) - limit)}


def test_writing_what_is_not_text_fails_as_it_does_at_home(printed: Printed) -> None:
    printed.install()
    with pytest.raises(TypeError):
        sys.stdout.write(5)  # type: ignore[arg-type]


def test_closing_one_of_stdout_and_stderr_leaves_the_other_printing(printed: Printed
                                                                     ) -> None:
    printed.install()
    print('before')
    sys.stderr.close()  # as at home, print still goes to stdout (and here, stderr too)
    print('after')
    assert printed.take() == {'text': 'before\nafter\n', 'dropped': 0}


def test_a_buffer_taken_from_under_the_stream_gives_the_next_request_a_new_one(
        printed: Printed) -> None:
    printed.install()
    cast(io.BufferedWriter, printed.stream.buffer).detach()
    with pytest.raises(ValueError):
        print('lost')  # as at home: printing to a file without its buffer fails
    printed.take()
    print('next')
    print('and to stderr', file=sys.stderr)
    assert printed.take() == {'text': 'next\nand to stderr\n', 'dropped': 0}


def test_a_stream_of_the_students_own_over_it_prints_too(printed: Printed) -> None:
    """`io.TextIOWrapper(sys.stdout.detach(), encoding='utf-8')`, to print UTF-8 where
    the console might not: the student's stream prints, and stderr still does."""
    printed.install()
    print('before')
    sys.stdout = io.TextIOWrapper(printed.stream.detach(), encoding='utf-8',
                                  write_through=True)
    print('through their own')
    print('to stderr', file=sys.stderr)
    taken = printed.take()  # two buffers: what each holds comes whole, in either order
    assert taken['dropped'] == 0 and taken['text'].startswith('before\n')
    assert sorted(taken['text'].splitlines()) == ['before', 'through their own',
                                                  'to stderr']


def test_bytes_that_are_not_utf8_do_not_stop_the_child(printed: Printed) -> None:
    printed.install()
    sys.stdout.buffer.write(b'\xff\xfe ok')
    assert printed.take()['text'].endswith(' ok')


def test_bytes_that_begin_no_character_are_cut_all_the_same(printed: Printed) -> None:
    printed.install()
    sys.stdout.buffer.write(b'\x80' * 100_000)  # continuing bytes only: no character
    assert len(printed.take()['text']) <= 50 * 4 + 3


def test_one_huge_print_is_cut_like_many_small_ones(printed: Printed) -> None:
    printed.install()
    text = 'é♟' * 100_000  # 500,000 bytes in one write, far past the buffer
    print(text)
    assert printed.take() == {'text': text[:50], 'dropped': len(text) + 1 - 50}
