"""The reference's facts as the grader carries them (autograder/reference/facts.py,
reference/facts.json), held to what the reference engine works out
(autograder/reference/recording.py)."""
from __future__ import annotations

import json

import pytest

from autograder.errors import GraderError
from autograder.reference import facts as reference_facts
from autograder.reference.recording import recorded_now
from hexapawn_ref.positions import count_boxes, reachable, winner


def test_the_shipped_facts_are_what_the_reference_works_out() -> None:
    """After changing the rules, a mistake's numbers or a hint's words, run
    `python -m autograder.reference.recording` to write them again."""
    shipped = json.loads(reference_facts.FACTS.read_text(encoding='utf-8'))
    assert shipped == recorded_now()


def test_the_facts_answer_as_the_reference_does() -> None:
    assert reference_facts.positions() == list(reachable())
    assert all(reference_facts.winner(*position) == winner(*position)
               for position in reachable())
    assert [reference_facts.count_boxes(m) for m in (True, False)] == \
        [count_boxes(True), count_boxes(False)]
    explained = reference_facts.explained()
    assert explained[((19, 47), (37, 90))] == ()  # the right count, which needs no words
    assert explained[((47, 19), (90, 37))] == ('you give the two numbers the other way round',)


def test_a_position_no_game_reaches_is_our_error_not_an_answer() -> None:
    with pytest.raises(GraderError, match="'WWWWWWWWW', 'B', a position no game reaches"):
        reference_facts.winner('WWWWWWWWW', 'B')
