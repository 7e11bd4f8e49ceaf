"""A feedback page says what the terminal says, and draws each failure once."""
from __future__ import annotations

from dataclasses import replace

from autograder.records import CheckResult, ExerciseResult, Finding
from autograder.render.html_feedback import feedback_page

from class_records import record, wrong_mirror

WRONG_GAME = Finding('winner gave a wrong answer', "winner('B.BWBW.W.', 'B')",
                     ('B . B', 'W B W', '. W .'), 'B', "'W'", "''", None,
                     'A player who cannot move loses.')


def winner(*checks: CheckResult) -> ExerciseResult:
    return ExerciseResult('winner', 0.0, 3.0, checks)


def page_of(exercise: ExerciseResult) -> str:
    result = record('ada')
    return feedback_page(replace(result, exercises=(exercise,)), 'hexapawn')


def test_the_first_difference_is_a_square_as_in_the_terminal() -> None:
    page = feedback_page(record('ada', wrong_mirror()), 'hexapawn')
    assert '(the first difference is at square 0)' in page
    assert 'index' not in page


def test_a_check_worth_nothing_that_fails_on_the_same_call_is_not_drawn_again() -> None:
    page = page_of(winner(
        CheckResult('ended', 'every game that is over has a winner', 'failed', 0.0, 2.0,
                    finding=WRONG_GAME),
        CheckResult('whole_games', 'winner follows whole games to their end', 'failed',
                    0.0, 0.0, finding=WRONG_GAME)))
    first, repeat = page.split('data-check="whole_games"', 1)
    repeat = repeat.split('</div>', 1)[0]
    assert first.endswith('<div class="check repeat" ')
    assert first.count('<table class="board"') == 1  # drawn for the first check alone
    assert '<span class="verdict repeat">also</span>' in repeat
    assert ("It goes wrong on the same call as above, <code>winner(&#x27;B.BWBW.W.&#x27;, "
            "&#x27;B&#x27;)</code>; it costs no points of its own.") in repeat
    assert 'board' not in repeat and 'Hint' not in repeat


def test_a_check_worth_nothing_that_fails_first_is_still_a_failure() -> None:
    page = page_of(winner(
        CheckResult('returns_str', 'winner returns a string', 'failed', 0.0, 0.0,
                    finding=WRONG_GAME),
        CheckResult('ended', 'every game that is over has a winner', 'skipped', 0.0, 2.0,
                    reason='needs "winner returns a string" to pass first')))
    assert '<div class="check failed" data-check="returns_str">' in page
    assert 'Hint: A player who cannot move loses.' in page
    assert 'repeat' not in page
