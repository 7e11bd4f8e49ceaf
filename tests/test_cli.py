"""The real command line, end to end: `hexgrade check` and `python -m autograder check`
as a student or a teacher runs them, with the lines they read asserted exactly."""
from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from autograder.kit.paths import KIT, PROJECT, SOLUTIONS

from every_exercise import NAMES, POINTS, TOTAL, full_marks, scores, summary_line
from graded_pieces import PIECES

HEXGRADE = shutil.which('hexgrade') or 'hexgrade'
EXERCISES = set(NAMES)


def _run(*args: str, cwd: Path, env: dict[str, str] | None = None,
         module: bool = False) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, '-m', 'autograder'] if module else [HEXGRADE]
    environment = {k: v for k, v in os.environ.items() if k != 'NO_COLOR'} | (env or {})
    return subprocess.run(command + list(args), cwd=cwd, capture_output=True, text=True,
                          timeout=120, env=environment)


def _folder(tmp_path: Path, **files: Path) -> Path:
    """A student's folder: the kit's game file, and each exercise file given."""
    folder = tmp_path / 'homework'
    folder.mkdir()
    shutil.copy(KIT / 'hexapawn.py', folder)
    for exercise, source in files.items():
        shutil.copy(source, folder / f'{exercise}.py')
    return folder


def _block(text: str, first: str) -> list[str]:
    """The lines of one check, from its FAIL line to the line before the next check."""
    lines = text.splitlines()
    start = lines.index(first)
    end = next(i for i in range(start + 1, len(lines))
               if lines[i].startswith(('  PASS', '  FAIL', '  SKIP')))
    return lines[start:end]


# -- what a student reads -------------------------------------------------------------

def test_a_known_mistake_as_the_student_reads_it(tmp_path: Path) -> None:
    folder = _folder(tmp_path, mirror=PIECES / 'mirror' / 'whole_string_reversed.py')
    run = _run('check', '.', cwd=folder)
    assert run.returncode == 1
    assert run.stdout.splitlines()[0] == summary_line('.', scores())
    assert _block(run.stdout, "  FAIL  mirror gives the lesson's example right  [0.43 pt]") == [
        "  FAIL  mirror gives the lesson's example right  [0.43 pt]",
        '        the example from the exercise',
        "        mirror('BB..W.W.W')",
        '            B B .',
        '            . W .',
        '            W . W',
        "        expected '.BB.W.W.W'",
        "        got      'W.W.W..BB'",
        '                  ^ first difference: square 0',
        '        hint: You reversed the whole string, which also turns the board upside '
        'down: reverse each row of three on its own.',
    ]
    assert '        skipped: needs "mirror reverses each row of every board (all 3^9 of them)" ' \
        'to pass first' \
        in run.stdout
    assert '        there is no winner.py here' in run.stdout
    failed = 2 + len(NAMES) - 1  # mirror's two, and the first of each missing exercise
    assert run.stdout.endswith(f'\n{failed} checks failed: start with the first one above.\n')


def test_a_winner_failure_shows_whose_turn_it_is(tmp_path: Path) -> None:
    folder = _folder(tmp_path, winner=PIECES / 'winner' / 'far_rows_swapped.py')
    run = _run('check', 'winner.py', cwd=folder)
    assert run.returncode == 1
    assert _block(run.stdout, "  FAIL  winner gives the lesson's two examples right  [0.43 pt]"
                  )[1:8] == [
        '        an example from the exercise',
        "        winner('.B..WW...', 'B')",
        '            . B .   (B to move)',
        '            . W W',
        '            . . .',
        "        expected ''",
        "        got      'B'",
    ]


def test_the_unchanged_stubs_score_nothing(tmp_path: Path) -> None:
    kit = tmp_path / 'exercises'
    shutil.copytree(KIT, kit)
    run = _run('check', str(kit), cwd=tmp_path)
    assert run.returncode == 1
    assert run.stdout.splitlines()[0] == summary_line(str(kit), scores())
    for name in NAMES:
        assert f'{name}: 0/{POINTS[name]:g}' in run.stdout.splitlines()


def test_the_model_answers_get_full_marks(tmp_path: Path) -> None:
    for run in (_run('check', str(SOLUTIONS), cwd=tmp_path),
                _run('check', str(SOLUTIONS), cwd=tmp_path, module=True)):
        assert run.returncode == 0, run.stdout
        assert run.stdout.splitlines()[0] == summary_line(str(SOLUTIONS), full_marks())
        assert run.stdout.endswith('\nAll checks passed.\n')
        assert 'FAIL' not in run.stdout and 'SKIP' not in run.stdout


def test_grading_leaves_the_students_folder_as_it_was(tmp_path: Path) -> None:
    # a failing property makes Hypothesis run (to shrink); it must not write here
    folder = _folder(tmp_path, mirror=PIECES / 'mirror' / 'middle_row_forgotten.py',
                     winner=PIECES / 'winner' / 'only_the_far_rows.py')
    before = sorted(p.relative_to(folder) for p in folder.rglob('*'))
    run = _run('check', '.', cwd=folder)
    assert run.returncode == 1
    assert sorted(p.relative_to(folder) for p in folder.rglob('*')) == before


# -- exit codes and errors ------------------------------------------------------------

@pytest.mark.parametrize(('args', 'message'), [
    (('check', 'nowhere'), 'error: nowhere: no such file or folder\n'
                           'tip: give a folder, a .py file or a .ipynb notebook\n'),
    (('check', '.', '--config', 'missing.toml'), 'error: missing.toml: no such file\n'),
])
def test_a_usage_error_exits_2(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    run = _run(*args, cwd=tmp_path)
    assert run.returncode == 2
    assert run.stdout == ''
    assert run.stderr.endswith(message)


def test_no_command_exits_2(tmp_path: Path) -> None:
    run = _run(cwd=tmp_path)
    assert run.returncode == 2
    assert 'usage: hexgrade' in run.stderr


def test_a_bad_config_exits_2_naming_file_key_and_values(tmp_path: Path) -> None:
    (tmp_path / 'grader.toml').write_text('[students]\nshow = "some"\n', encoding='utf-8')
    run = _run('check', str(SOLUTIONS), cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr.endswith("error: grader.toml: students.show = 'some' is not allowed; it "
                               "must be one of 'everything', 'hints', 'names', 'score'\n")


def test_a_config_changes_what_students_see(tmp_path: Path) -> None:
    config = tmp_path / 'quiet.toml'
    config.write_text('[students]\nshow = "hints"\n[points]\nmirror = 6\n', encoding='utf-8')
    folder = _folder(tmp_path, mirror=PIECES / 'mirror' / 'whole_string_reversed.py')
    run = _run('check', '.', '--config', str(config), cwd=folder)
    assert run.returncode == 1
    points = {**POINTS, 'mirror': 6}
    assert run.stdout.startswith(summary_line('.', scores(), points) + '\n')
    assert "got      'W.W.W..BB'" in run.stdout
    assert 'expected' not in run.stdout


# -- the Gradescope JSON ------------------------------------------------------------

def _json(run: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    data = json.loads(run.stdout)  # one object, nothing else on stdout
    assert isinstance(data, dict)
    assert set(data) >= {'score', 'tests'}
    for test in data['tests']:
        assert set(test) >= {'name', 'score', 'max_score', 'status', 'output', 'visibility',
                             'extra_data'}
        assert test['status'] in ('passed', 'failed')
        assert test['extra_data']['exercise'] in EXERCISES
    assert data['score'] == round(sum(test['score'] for test in data['tests']), 2)
    assert data['max_score'] == round(sum(test['max_score'] for test in data['tests']), 2)
    return data


def test_json_for_the_model_answers(tmp_path: Path) -> None:
    run = _run('check', str(SOLUTIONS), '--json', cwd=tmp_path)
    assert run.returncode == 0
    data = _json(run)
    assert data['score'] == TOTAL
    assert {test['extra_data']['exercise'] for test in data['tests']} == EXERCISES
    assert all(test['status'] == 'passed' for test in data['tests'])
    assert all(test['extra_data']['flags'] == [] for test in data['tests'])


def test_json_names_the_mistake(tmp_path: Path) -> None:
    folder = _folder(tmp_path, mirror=PIECES / 'mirror' / 'whole_string_reversed.py')
    run = _run('check', 'mirror.py', '--json', cwd=folder, module=True)
    assert run.returncode == 1
    data = _json(run)
    failed = [t for t in data['tests'] if t['extra_data']['exercise'] == 'mirror'
              and t['extra_data']['state'] == 'failed']
    assert [t['name'] for t in failed] == [
        "mirror: mirror gives the lesson's example right",
        'mirror: mirror reverses each row of every board (all 3^9 of them)']
    assert all(t['extra_data']['misconception'] == 'whole string reversed' for t in failed)
    assert failed[0]['output'].splitlines()[:2] == ['the example from the exercise',
                                                    "mirror('BB..W.W.W')"]


# -- hard-coding --------------------------------------------------------------------

def test_a_hard_coded_count_is_flagged_not_failed(tmp_path: Path) -> None:
    folder = _folder(tmp_path, count_boxes=PIECES / 'count_boxes' / 'hard_coded.py')
    run = _run('check', 'count_boxes.py', '--json', cwd=folder)
    tests = [t for t in _json(run)['tests'] if t['extra_data']['exercise'] == 'count_boxes']
    assert all(t['status'] == 'passed' and t['score'] == t['max_score'] for t in tests)
    assert all(t['extra_data']['flags'] == ['hard-coded'] for t in tests)
    text = _run('check', '.', cwd=folder).stdout
    assert 'count_boxes: 4/4' in text.splitlines()
    assert '  NOTE  hard-coded: count_boxes gave the same numbers when its moves() was ' \
           'replaced by other rules: it may return fixed numbers instead of counting (or it ' \
           'uses rules of its own); worth a look.' in text.splitlines()


def test_a_computed_count_is_not_flagged(tmp_path: Path) -> None:
    folder = _folder(tmp_path, count_boxes=SOLUTIONS / 'count_boxes.py')
    run = _run('check', '.', cwd=folder)
    assert 'count_boxes: 4/4' in run.stdout.splitlines()
    assert 'hard-coded' not in run.stdout and 'NOTE' not in run.stdout.split('count_boxes:')[1]


# -- colour -------------------------------------------------------------------------

def _on_a_terminal(tmp_path: Path, env: dict[str, str]) -> str:
    """Run `hexgrade check` with its output on a pseudo-terminal; what it wrote there."""
    controller, terminal = pty.openpty()
    environment = {k: v for k, v in os.environ.items() if k != 'NO_COLOR'} | env
    process = subprocess.Popen([HEXGRADE, 'check', str(SOLUTIONS)], cwd=tmp_path,
                               stdout=terminal, stderr=subprocess.DEVNULL, env=environment)
    os.close(terminal)
    chunks = []
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the terminal closed: the program has ended
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(controller)
    assert process.wait(timeout=120) == 0
    return b''.join(chunks).decode('utf-8')


def test_colour_on_a_terminal_unless_no_color(tmp_path: Path) -> None:
    assert '\033[32mPASS\033[0m' in _on_a_terminal(tmp_path, {})
    plain = _on_a_terminal(tmp_path, {'NO_COLOR': '1'})
    assert '\033[' not in plain and 'PASS' in plain


def test_no_colour_when_not_a_terminal(tmp_path: Path) -> None:
    run = _run('check', str(PROJECT / 'exercises'), cwd=tmp_path)
    assert '\033[' not in run.stdout and 'FAIL' in run.stdout


def test_a_file_that_is_not_python_is_a_usage_error(tmp_path: Path) -> None:
    notes = tmp_path / 'notes.txt'
    notes.write_text('def mirror(board):\n    return board\n', encoding='utf-8')
    run = _run('check', str(notes), cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr.splitlines()[-2:] == [  # after any warning about the sandbox
        f'error: {notes} is neither a .py file nor a .ipynb notebook',
        'tip: give a folder, a .py file or a .ipynb notebook']


def test_text_from_student_code_cannot_paint_the_terminal(tmp_path: Path) -> None:
    folder = tmp_path / 'sub'
    folder.mkdir()
    (folder / 'mirror.py').write_text(
        'def mirror(board):\n    raise ValueError("\\x1b[32mAll tests passed\\x1b[0m\\nok")\n',
        encoding='utf-8')
    run = _run('check', 'mirror.py', cwd=folder)
    assert '\x1b' not in run.stdout
    assert "raised ValueError: \\x1b[32mAll tests passed\\x1b[0m\\nok (line 2)" in run.stdout


def test_a_bug_of_the_grader_says_so_and_exits_3(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from autograder import cli
    from autograder.commands import check

    def broken(args: object) -> int:
        raise RuntimeError('a bug')
    monkeypatch.setattr(check, 'run', broken)
    assert cli.main(['check', '.']) == 3  # its own code: 2 would blame the command line
    err = capsys.readouterr().err
    assert 'RuntimeError: a bug' in err
    assert err.splitlines()[-1] == ('error: hexgrade itself failed (a bug in the grader, not in '
                                    'the submission); the details are above')


def test_a_grader_error_while_checking_exits_3_with_its_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from autograder import cli, grading
    from autograder.commands import check
    from autograder.errors import GraderError
    from autograder.sandbox import Isolation

    def crashed(*args: object) -> object:
        raise GraderError('the check "returns_board" of mirror crashed: ZeroDivisionError: '
                          'division by zero', tip='this is a bug in hexgrade: report it')
    monkeypatch.setattr(grading, 'grade_submission', crashed)
    monkeypatch.setattr(check, 'probed_isolation', lambda warn: Isolation())
    assert cli.main(['check', str(tmp_path)]) == 3
    assert capsys.readouterr().err == (
        'error: the check "returns_board" of mirror crashed: ZeroDivisionError: division by '
        'zero\ntip: this is a bug in hexgrade: report it\n')


def test_a_missing_path_is_said_before_the_sandbox_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from autograder import cli
    from autograder import sandbox

    probed: list[bool] = []
    monkeypatch.setattr(sandbox, 'probe', lambda: probed.append(True))
    assert cli.main(['check', str(tmp_path / 'nowhere')]) == 2
    assert capsys.readouterr().err == (f'error: {tmp_path}/nowhere: no such file or folder\n'
                                       f'tip: give a folder, a .py file or a .ipynb notebook\n')
    assert probed == []
