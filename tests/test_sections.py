"""Cutting one file that holds several exercises into a section each
(autograder/submission/sections.py): where a section starts and ends, what of the
rest travels with it, and the line numbers it keeps."""
from __future__ import annotations

from autograder.submission.sections import Section, bindings_of, cut, named_by, py_blocks

TITLES = {'mirror': ('mirror',), 'winner': ('winner', 'who has won'),
          'count_boxes': ('count_boxes', 'how many boxes')}
NAMES = tuple(TITLES)

ONE_FILE = '''\
import random

START = 'BBB...WWW'

# ★ The mirror


def mirror(board):
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]


print(mirror(START))

# ★★ Who has won?


def winner(board, side):
    return ''


for board in [START, mirror(START)]:
    print(winner(board, 'W'))
'''


def sections(text: str) -> dict[str, Section]:
    return cut(text, py_blocks(text, TITLES), NAMES)


def kept_lines(section: Section) -> list[int]:
    return [number for number, line in enumerate(section.text.split('\n'), start=1)
            if line.strip()]


def test_a_section_runs_from_its_heading_to_the_next_exercises() -> None:
    cut_up = sections(ONE_FILE)
    assert sorted(cut_up) == ['mirror', 'winner']
    mirror = cut_up['mirror']
    # its own lines, its experiment among them, and the imports and values above it
    assert 'print(mirror(START))' in mirror.text
    assert 'import random' in mirror.text and "START = 'BBB...WWW'" in mirror.text
    assert 'def winner' not in mirror.text.split('print(mirror(START))')[0]


def test_another_sections_experiments_never_travel_its_definitions_do() -> None:
    winner = sections(ONE_FILE)['winner']
    assert 'def mirror(board):' in winner.text  # a definition above it travels
    assert 'print(mirror(START))' not in winner.text  # the ★ section's experiment not
    assert 'for board in [START, mirror(START)]:' in winner.text  # its own, whole


def test_every_line_keeps_its_number() -> None:
    for section in sections(ONE_FILE).values():
        assert len(section.text.split('\n')) == len(ONE_FILE.split('\n'))
        original = ONE_FILE.split('\n')
        assert all(original[n - 1] == section.text.split('\n')[n - 1]
                   for n in kept_lines(section))


def test_without_headings_a_section_starts_at_the_first_definition_of_its_function() -> None:
    text = ONE_FILE.replace('# ★ The mirror\n', '').replace('# ★★ Who has won?\n', '')
    cut_up = sections(text)
    assert sorted(cut_up) == ['mirror', 'winner']
    assert 'print(mirror(START))' in cut_up['mirror'].text
    assert 'print(mirror(START))' not in cut_up['winner'].text


def test_a_heading_names_an_exercise_by_its_stars_or_by_a_title() -> None:
    assert named_by('# ★★ Who has won?', TITLES) == 'winner'
    assert named_by('## ★★★', TITLES) == 'count_boxes'
    assert named_by('## How many boxes does HER need?', TITLES) == 'count_boxes'
    assert named_by('# Exercises ★ and ★★', TITLES) is None  # names two: neither
    assert named_by('# Notes', TITLES) is None
    assert named_by('# ★★★★', TITLES) is None  # no fourth exercise


def test_a_file_that_does_not_parse_is_cut_at_its_headings() -> None:
    broken = ONE_FILE.replace("    return ''", "    return ''(")
    cut_up = sections(broken)
    assert 'def mirror(board):' in cut_up['mirror'].text
    assert "return ''(" in cut_up['winner'].text  # the error sinks only its section
    assert "return ''(" not in cut_up['mirror'].text


def test_a_file_with_one_exercise_is_not_cut() -> None:
    only = 'def mirror(board):\n    return board\n\nprint(mirror("x"))\n'
    assert list(sections(only)) == ['mirror']
    assert sections(only)['mirror'].text == only


def test_bindings_are_read_from_the_top_level_only() -> None:
    found = bindings_of('import os\nX = 1\n\n\ndef f():\n    y = 2\n\nclass C:\n    z = 3\n')
    assert {'os', 'X', 'f', 'C'} <= set(found)
    assert 'y' not in found and 'z' not in found
