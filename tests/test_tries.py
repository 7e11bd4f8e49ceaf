"""The lines a student leaves to try an answer, left out while grading
(autograder/submission/tries.py)."""
from __future__ import annotations

from autograder.submission.tries import without_tries

ANSWER = 'def count_boxes(use_mirror):\n    return [19, 47]\n'


def test_an_expression_that_calls_the_function_is_blanked_and_lines_keep_their_place(
        ) -> None:
    text = ANSWER + '\nprint(count_boxes(True))\ncount_boxes(\n    False)\n'
    got = without_tries(text, 'count_boxes')
    assert got.split('\n') == ANSWER.split('\n')[:-1] + ['', '', '', '', '']
    assert len(got.split('\n')) == len(text.split('\n'))


def test_assignments_other_functions_and_shared_lines_are_kept() -> None:
    kept = ('answer = count_boxes(True)\nprint(answer)\nprint(mirror("BBB...WWW"))\n'
            'x = 1; print(count_boxes(x))\n')
    text = ANSWER + kept
    assert without_tries(text, 'count_boxes') == text


def test_a_try_inside_a_block_runs_as_written() -> None:
    text = ANSWER + "if __name__ == '__main__':\n    print(count_boxes(True))\n"
    assert without_tries(text, 'count_boxes') == text


def test_a_notebooks_cells_are_read_one_by_one_and_one_that_does_not_parse_is_left() -> None:
    cells = ((1, 2), (3, 3), (4, 4))
    text = ANSWER + 'print(count_boxes(True))\nprint(count_boxes(True)\n'
    got = without_tries(text, 'count_boxes', cells).split('\n')
    assert got[2] == '' and got[3] == 'print(count_boxes(True)'


def test_text_that_does_not_parse_is_left_as_it_is() -> None:
    broken = ANSWER + 'print(count_boxes(True)\n'
    assert without_tries(broken, 'count_boxes') == broken
