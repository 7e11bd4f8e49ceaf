"""Fingerprints of what a failing function does (autograder/diagnosis/fingerprints.py),
and a class's mistakes grouped by them (autograder/diagnosis/mistake_groups.py)."""
from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Sequence, cast

import pytest
from hypothesis import example, given, settings, strategies as st

from autograder.calls.outcomes import Outcome, Raised, Returned, TimedOut
from autograder.calls.values import Opaque
from autograder.checking.probe import Args, Probe
from autograder.diagnosis.fingerprints import fingerprint
from autograder.diagnosis.mistake_groups import mistakes_by_behaviour
from autograder.exercises import BY_NAME
from autograder.exercises.winner.domain import POSITIONS
from autograder.grading import grade_exercise
from autograder.records import ExerciseResult
from autograder.sandbox.isolation import FLOOR
from autograder.serialise import from_data, to_data
from autograder.settings.config import Config
from autograder.sharing.shared_work import SharedWork
from autograder.submission.locate import locate

from class_records import PIECES, batch_of, record, right, wrong_mirror


class Answers:
    """A probe that knows its answers already: one outcome for every position."""

    def __init__(self, answer: Outcome, odd: Outcome | None = None) -> None:
        self.answer, self.odd = answer, odd
        self.work = SharedWork()

    def outcomes(self, args_list: Sequence[Args]) -> list[Outcome]:
        found = [self.answer] * len(args_list)
        if self.odd:
            found[-1] = self.odd
        return found

    def answers_key(self, args_list: Sequence[Args]) -> bytes | None:
        return None  # no answers shared: each fingerprint is worked out

    def all_returned(self, args_list: Sequence[Args]) -> list[object] | None:
        found = self.outcomes(args_list)
        if not all(isinstance(outcome, Returned) for outcome in found):
            return None
        return [outcome.value for outcome in found if isinstance(outcome, Returned)]


def print_of(answers: Answers) -> str | None:
    return fingerprint(BY_NAME['winner'], cast(Probe, answers))


def test_two_functions_that_fail_alike_share_a_fingerprint_whatever_their_messages() -> None:
    # an error's message and line, and an object's address, are the student's own
    assert print_of(Answers(Raised('IndexError', 'string index out of range', 4))) == \
        print_of(Answers(Raised('IndexError', 'list index out of range', 17)))
    assert print_of(Answers(Returned(Opaque('Board', '<Board object at 0x7f01>')))) == \
        print_of(Answers(Returned(Opaque('Board', '<Board object at 0x7f99>'))))
    assert print_of(Answers(Returned([Opaque('Board', '<at 0x1>')]))) == \
        print_of(Answers(Returned([Opaque('Board', '<at 0x2>')])))


def test_one_other_answer_makes_another_fingerprint() -> None:
    same = print_of(Answers(Returned('')))
    assert same is not None and len(same) == 16
    assert print_of(Answers(Returned(''), Returned(None))) != same
    assert print_of(Answers(Returned(''), Raised('ValueError', '', None))) != same
    assert print_of(Answers(Returned(''), TimedOut(1.0))) != same
    assert print_of(Answers(Returned(['W']))) != print_of(Answers(Returned(('W',))))
    assert print_of(Answers(Returned(1))) != print_of(Answers(Returned(True)))
    assert len(POSITIONS) == 135  # the last answer is one of the domain's


def hashed(answers: list[str]) -> str:
    digest = hashlib.blake2b(digest_size=8)
    for answer in answers:
        digest.update(answer.encode('utf-8') + b'\0')
    return digest.hexdigest()


def test_answers_of_mixed_kinds_are_hashed_each_in_turn() -> None:
    assert print_of(Answers(Returned(['W', 1]), Returned((None,)))) == \
        hashed(["returned ['W', 1]"] * 134 + ['returned (None,)'])
    assert print_of(Answers(Returned([Opaque('Board', '<at 0x1>')]),
                            Raised('IndexError', 'list index out of range', 3))) == \
        hashed(['returned [<Board>]'] * 134 + ['raised IndexError'])


def test_answers_of_one_shape_are_hashed_as_their_characters_in_order() -> None:
    def uniform(text: str) -> str:
        return hashlib.blake2b(text.encode('utf-8'), digest_size=8).hexdigest()
    assert print_of(Answers(Returned('BW.'))) == uniform('\x00135 str of 3\x00' + 'BW.' * 135)
    assert print_of(Answers(Returned(['B', 'W']), Returned(['.', 'B']))) == \
        uniform('\x00135 list of 2 str of 1\x00' + 'BW' * 134 + '.B')
    # the text of a mixed answer never starts as one of a single shape
    assert hashed(['returned ' + repr('BW.')] * 135) != print_of(Answers(Returned('BW.')))


class Values:
    """A probe whose function returned these values on the first positions, in order."""

    def __init__(self, values: list[object]) -> None:
        self.values = values
        self.work = SharedWork()

    def answers_key(self, args_list: Sequence[Args]) -> bytes | None:
        return None

    def all_returned(self, args_list: Sequence[Args]) -> list[object] | None:
        return list(self.values)


ANSWER = st.sampled_from(['B', 'W', '.', 'BW', 'é', '', '\0', 'W\0']) | st.none() | \
    st.integers(0, 2)
ANSWERS = st.lists(
    st.lists(st.sampled_from(['B', 'W', 'BW']), min_size=1, max_size=2).flatmap(
        lambda kinds: st.sampled_from([kinds, tuple(kinds), kinds[0]])) | ANSWER,
    min_size=1, max_size=4)


def same(first: object, second: object) -> bool:
    """Equal, and of the same exact types all the way down."""
    if type(first) is not type(second):
        return False
    if type(first) in (list, tuple):
        assert isinstance(first, (list, tuple)) and isinstance(second, (list, tuple))
        return len(first) == len(second) and all(map(same, first, second))
    return first == second


def rebuilt(value: object) -> object:
    """The same answer in new objects, as another student's function would give it."""
    if isinstance(value, (list, tuple)):
        return type(value)(rebuilt(item) for item in value)
    return ''.join(list(value)) if isinstance(value, str) else value


@settings(max_examples=300, deadline=None)
@given(ANSWERS, ANSWERS, st.booleans())
@example(['B', 'W\0', ''], ['B', 'W', '\0'], False)  # joined alike, of other lengths
def test_two_lists_of_answers_share_a_fingerprint_exactly_when_they_are_the_same(
        first: list[object], other: list[object], alike: bool) -> None:
    """Whichever way each is worded (one shape, or answer by answer), the fingerprints
    of two lists of answers meet exactly when every answer is the same, of the same
    exact types."""
    second = [rebuilt(answer) for answer in first] if alike else other
    prints = [fingerprint(BY_NAME['winner'], cast(Probe, Values(answers)))
              for answers in (first, second)]
    assert (prints[0] == prints[1]) == (len(first) == len(second) and
                                        all(map(same, first, second)))


def graded(piece: Path, exercise: str, fingerprinted: bool = True) -> ExerciseResult:
    return grade_exercise(BY_NAME[exercise], locate(piece, (exercise,))[exercise], Config(),
                          FLOOR, fingerprinted=fingerprinted)


def test_a_failing_exercise_is_fingerprinted_in_a_class_and_a_passing_one_never(
        tmp_path: Path) -> None:
    reversed_mirror = PIECES / 'mirror' / 'whole_string_reversed.py'
    other_code = tmp_path / 'mirror.py'  # the same answers, written another way
    other_code.write_text('def mirror(board):\n    return "".join(reversed(board))\n')
    first = graded(reversed_mirror, 'mirror')
    assert first.fingerprint is not None
    assert graded(other_code, 'mirror').fingerprint == first.fingerprint
    assert graded(PIECES / 'mirror' / 'rows_swapped.py', 'mirror').fingerprint not in \
        (None, first.fingerprint)
    assert graded(PIECES / 'mirror' / 'correct_slicing.py', 'mirror').fingerprint is None
    # a student's own check does not ask the whole domain for it
    assert graded(reversed_mirror, 'mirror', fingerprinted=False).fingerprint is None


def test_a_fingerprint_survives_the_cache() -> None:
    original = record('ada', replace(wrong_mirror(), fingerprint='0123456789abcdef'))
    assert from_data(json.loads(json.dumps(to_data(original)))) == original


def failing(exercise: str, fingerprint: str, misconception: str | None = None,
            description: str | None = None) -> ExerciseResult:
    found = wrong_mirror(0.0) if exercise == 'mirror' else replace(
        right(exercise, 3.0), points=0.0)
    return replace(found, exercise=exercise, misconception=misconception,
                   description=description, fingerprint=fingerprint)


def test_new_mistakes_shared_by_several_come_first_then_the_most_common() -> None:
    stuck = failing('winner', 'a', description='wrong when the player to move is stuck')
    known = failing('mirror', 'b', misconception='whole string reversed')
    alone = failing('winner', 'c', description='wrong on both positions with no pawns')
    also_known = failing('winner', 'd', misconception='far rows swapped')
    mirror = right('mirror', 3.0)

    batch = batch_of(
        replace(record('ada'), exercises=(known, stuck)),
        replace(record('bob'), exercises=(known, alone)),
        replace(record('cy'), exercises=(known, stuck)),
        replace(record('dee'), exercises=(mirror, also_known)),
        replace(record('eve'), exercises=(known, stuck)),
        replace(record('fay'), exercises=(mirror, right('winner', 3.0))))
    found = [(g.exercise, g.name, g.known, g.students) for g in mistakes_by_behaviour(batch)]
    assert found == [
        ('winner', 'wrong when the player to move is stuck', False, ('ada', 'cy', 'eve')),
        ('mirror', 'whole string reversed', True, ('ada', 'bob', 'cy', 'eve')),
        ('winner', 'far rows swapped', True, ('dee',)),
        ('winner', 'wrong on both positions with no pawns', False, ('bob',))]
    example = mistakes_by_behaviour(batch)[1].example
    assert example is not None and example.call == "mirror('BB.WW....')"


@pytest.mark.parametrize('values', [
    [('B', 'W'), ['.', 'B'], (1, None)],
    [['a', ['nested']], ('b',)],
    [(Opaque('Row', "'x'"),), ['y']],
    ['abc', 1, None, True],
])
def test_answers_read_in_one_pass_are_worded_as_one_by_one(values: list[object]) -> None:
    from autograder.diagnosis.fingerprints import _shown, _value
    words, shown = _shown(values)
    assert [words + answer for answer in shown] == ['returned ' + _value(value)
                                                    for value in values]


@pytest.mark.parametrize('values', [[], ['abc'], ['abc', 'd'], [None, 1, 'x', [2]]])
def test_answers_joined_at_once_hash_as_each_after_the_other(values: list[object]) -> None:
    from autograder.diagnosis.fingerprints import _joined, _shown, _value
    one_by_one = ''.join(f'returned {_value(value)}\0' for value in values)
    assert _joined(_shown(values)) == one_by_one
