"""What students see (students.show in grader.toml) changes both the terminal text and
the Gradescope JSON (autograder/render/visibility.py)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from autograder.records import SubmissionResult
from autograder.render import gradescope, terminal
from autograder.render.visibility import for_students
from autograder.settings.config import load_config

from graded_pieces import graded, submission

PIECE = 'mirror/whole_string_reversed'
HINT = ('hint: You reversed the whole string, which also turns the board upside down: '
        'reverse each row of three on its own.')


def _shown(tmp_path: Path, show: str) -> tuple[str, dict[str, Any]]:
    path = tmp_path / 'grader.toml'
    path.write_text(f'[students]\nshow = "{show}"\n', encoding='utf-8')
    config = load_config(path)
    shown: SubmissionResult = for_students(submission(graded()[PIECE]), config.show)
    return terminal.render(shown), gradescope.results_json(shown)


def _outputs(data: dict[str, Any]) -> str:
    return '\n'.join(test['output'] for test in data['tests'])


def test_everything(tmp_path: Path) -> None:
    text, data = _shown(tmp_path, 'everything')
    for line in ("mirror('BB..W.W.W')", '    B B .', "expected '.BB.W.W.W'",
                 "got      'W.W.W..BB'", HINT):
        assert line in text
        assert line.strip() in _outputs(data)
    assert any(t['extra_data'].get('misconception') == 'whole string reversed'
               for t in data['tests'])


def test_hints_hide_the_expected_value(tmp_path: Path) -> None:
    text, data = _shown(tmp_path, 'hints')
    for shown in (text, _outputs(data)):
        assert 'expected' not in shown and '.BB.W.W.W' not in shown
        assert 'first difference' not in shown
        assert "mirror('BB..W.W.W')" in shown and "got      'W.W.W..BB'" in shown
        assert HINT in shown
    assert any(t['extra_data'].get('misconception') == 'whole string reversed'
               for t in data['tests'])


def test_names_show_only_which_checks_passed(tmp_path: Path) -> None:
    text, data = _shown(tmp_path, 'names')
    assert "  FAIL  mirror gives the lesson's example right  [0.43 pt]" in text
    assert '  PASS  mirror returns a string of 9 characters' in text
    for shown in (text, _outputs(data)):
        assert 'hint' not in shown and 'got' not in shown and 'B B .' not in shown
        assert "mirror('BB..W.W.W')" not in shown
    # the diagnosis stays in extra_data, which Gradescope shows to the teacher only
    assert any(t['extra_data'].get('misconception') == 'whole string reversed'
               for t in data['tests'])


def test_score_shows_scores_only(tmp_path: Path) -> None:
    text, data = _shown(tmp_path, 'score')
    assert text.splitlines()[2:5] == ['', 'mirror: 0/3', '  FAIL  mirror score  [3 pt]']
    assert 'mirror gives' not in text and 'hint' not in text
    assert [(t['name'], t['score'], t['max_score'], t['output']) for t in data['tests']] == \
        [('mirror: mirror score', 0.0, 3.0, '')]
    assert data['score'] == 0


@pytest.mark.parametrize('show', ['everything', 'hints', 'names', 'score'])
def test_every_mode_keeps_the_score(tmp_path: Path, show: str) -> None:
    text, data = _shown(tmp_path, show)
    assert text.startswith('piece: 0/3 points (mirror 0/3)\n')
    assert data['score'] == 0 and data['max_score'] == 3


def test_hints_keep_expected_values_out_of_descriptions() -> None:
    # a description stands in for the hint of a mistake nobody listed: under "hints" it
    # is shown, and must not give away what the right answer was
    from unlisted_pieces import graded_unlisted
    for key, result in graded_unlisted().items():
        if key.startswith('count_boxes/'):
            continue  # its checks' titles give the right numbers already
        everything = submission(result)
        shown = for_students(everything, 'hints')
        text = terminal.render(shown)
        assert not re.search(r'^ *expected ', text, re.M) and 'first difference' not in text
        for check in result.checks:
            finding = check.finding
            if check.status != 'failed' or finding is None or finding.expected is None:
                continue
            if key.startswith('mirror/'):
                # a board may be shown only as what the function itself gave back, or as
                # the board it was given (the empty board is its own mirror image)
                told = re.sub(r'\b(?:gave|gives back|gave back) ' + re.escape(finding.expected),
                              '', finding.hint)
                told = told.replace(f'mirror({finding.expected})', '')
                assert finding.expected not in told, key
            elif finding.expected not in (finding.got, "''"):
                # a letter may be named only as what the function gave back (or as the
                # side to move, in a call shown)
                calls = re.sub(r"winner\('[.BW]{9}', '[BW]'\)", 'winner(...)', finding.hint)
                for said in re.findall(r"[^.]*" + re.escape(finding.expected), calls):
                    assert 'back' in said or ' gave ' in said, (key, said)
        # "wrong on every board, giving back X" adds nothing to the hint about X
        if result.description and not re.match(r'Your \w+ is wrong on every', result.description):
            assert result.description in text
