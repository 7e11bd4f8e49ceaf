from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from statistics import median
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from autograder.classroom.sample import HOME, read_roster
from autograder.cli import main
from autograder.records import SubmissionResult
from autograder.render import outputs
from autograder.render.outputs import StudentFiles, write_outputs
from autograder.render.svg_chart import score_bins

from browser import fetched, start_chromium
from class_records import PIECES, batch_of, fast_config, record, right, snapshot, wrong_mirror
from every_exercise import POINTS, TOTAL, full_marks


@pytest.fixture(scope='module')
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    driver = start_chromium(tmp_path_factory.mktemp('profile'))
    yield driver
    driver.quit()


# ada and cy get full marks, bob 1 point for mirror, eve none for mirror and winner
BOB = full_marks(mirror=1)
SCORES = [TOTAL, sum(BOB.values()), TOTAL, TOTAL - POINTS['mirror'] - POINTS['winner']]


def class_of_four(out: Path) -> Path:
    no_winner = replace(right('winner', 3.0), points=0.0, misconception='nobody ever wins')
    bob = record('bob', wrong_mirror())
    eve = record('eve', wrong_mirror(0.0))
    eve = replace(eve, exercises=tuple(no_winner if e.exercise == 'winner' else e
                                       for e in eve.exercises))
    return write_outputs(batch_of(record('ada'), bob, record('cy'), eve), out)


def rows(browser: WebDriver, table: str) -> list[str]:
    return [r.text for r in browser.find_elements(By.CSS_SELECTOR, f'#{table} tbody tr')]


def test_the_summary_shows_chart_checks_mistakes_and_flags(browser: WebDriver,
                                                           tmp_path: Path) -> None:
    summary = class_of_four(tmp_path)
    browser.get(summary.as_uri())
    assert browser.find_element(By.CLASS_NAME, 'overview').text == \
        f'4 students, 2 with full marks, 2 flagged, median {median(SCORES):g} points.'
    bars = browser.find_elements(By.CSS_SELECTOR, '#distribution rect.bar')
    counts = [int(b.get_attribute('data-count') or '') for b in bars]
    assert list(zip([b.get_attribute('data-label') for b in bars], counts)) == \
        score_bins(SCORES, TOTAL)
    assert sorted(set(counts)) == [0, 1, 2]  # full marks twice; bob and eve apart
    one = next(b.size['height'] for b, count in zip(bars, counts) if count == 1)
    assert one > 0 and [b.size['height'] for b in bars] == [count * one for count in counts]
    assert browser.find_element(By.CSS_SELECTOR, '#distribution svg').is_displayed()
    checks = rows(browser, 'checks')
    assert checks[:4] == ['mirror mirror is there and loads 4/4 100%',
                          'mirror mirror agrees with the reference 2/2 100%',
                          'mirror mirror reverses each row 0/2 0%',
                          'mirror mirroring twice gives the board back 0/0 not run']
    assert rows(browser, 'misconceptions') == ['whole string reversed mirror 2 bob, eve',
                                               'nobody ever wins winner 1 eve']
    assert rows(browser, 'flagged') == [
        'bob mirror: hard-coded: mirror knows only a few boards',
        'eve mirror: hard-coded: mirror knows only a few boards']
    assert browser.find_element(By.CLASS_NAME, 'stray').text == 'notes.txt: not a submission'
    marks = ' '.join(f'{points:g}' for points in BOB.values())
    assert rows(browser, 'students')[1] == \
        f'bob {marks} {sum(BOB.values()):g}/{TOTAL:g} mirror: hard-coded: mirror knows only a ' \
        'few boards'
    settings = browser.find_element(By.ID, 'settings').text
    assert 'grader version 0.1.0' in settings and 'seed 0' in settings
    assert 'settings from built-in defaults' in settings
    assert fetched(browser) == []


def test_the_links_open_each_students_feedback(browser: WebDriver, tmp_path: Path) -> None:
    browser.get(class_of_four(tmp_path).as_uri())
    browser.find_element(By.CSS_SELECTOR, '#misconceptions a[href="feedback/eve.html"]').click()
    assert browser.find_element(By.TAG_NAME, 'h1').text == 'hexapawn: feedback for eve'
    assert sorted(p.name for p in (tmp_path / 'results').iterdir()) == \
        ['ada.json', 'bob.json', 'cy.json', 'eve.json']


def test_pages_of_students_no_longer_in_the_class_are_removed(tmp_path: Path) -> None:
    (tmp_path / 'feedback').mkdir()
    (tmp_path / 'feedback' / 'gone.html').write_text('old')
    (tmp_path / 'feedback' / 'keep.txt').write_text('the teacher wrote this')
    class_of_four(tmp_path)
    assert sorted(p.name for p in (tmp_path / 'feedback').iterdir()) == \
        ['ada.html', 'bob.html', 'cy.html', 'eve.html', 'keep.txt']


def test_feedback_pages_and_results_show_what_students_may_see(tmp_path: Path) -> None:
    batch = batch_of(record('bob', wrong_mirror()))
    write_outputs(replace(batch, config=replace(batch.config, show='names')), tmp_path)
    page = (tmp_path / 'feedback' / 'bob.html').read_text()
    assert 'mirror reverses each row' in page and 'table class="board"' not in page
    assert 'Hint' not in page and 'whole string' not in page
    assert 'whole string reversed' in (tmp_path / 'summary.html').read_text()  # the teacher's
    assert '....WW.BB' not in (tmp_path / 'results' / 'bob.json').read_text()


def test_student_files_worked_out_as_records_came_are_the_ones_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each student's files can be worked out while the rest of the class is graded;
    written, they are what working them out at the end gives, byte for byte, and
    `show` is honoured either way."""
    batch = batch_of(record('ada'), record('bob', wrong_mirror()), record('cy'))
    batch = replace(batch, config=replace(batch.config, show='names'))
    write_outputs(batch, tmp_path / 'at-the-end')
    files = StudentFiles(batch.config.show, batch.found.assignment)
    for graded in batch.graded[:2]:
        files.add(graded)
    worked_out: list[str] = []
    real = outputs.feedback_page

    def counted(result: SubmissionResult, assignment: str) -> str:
        worked_out.append(result.source)
        return real(result, assignment)
    monkeypatch.setattr(outputs, 'feedback_page', counted)
    write_outputs(batch, tmp_path / 'as-they-came', files)
    assert worked_out == ['cy']  # only the record it was not told of
    assert snapshot(tmp_path / 'as-they-came') == snapshot(tmp_path / 'at-the-end')
    # files worked out for other settings are not used
    write_outputs(replace(batch, config=replace(batch.config, show='everything')),
                  tmp_path / 'everything', files)
    assert 'table class="board"' in (tmp_path / 'everything' / 'feedback' / 'bob.html'
                                     ).read_text()


# -- mistakes by behaviour: graded for real, so the fingerprints are the grader's own --

UNLISTED = Path(__file__).parent / 'unlisted_mistakes'
# none_when_stuck.py again, as another student would write it: other code, same answers
STUCK_GIVES_NONE = '''\
from hexapawn import moves


def winner(board, side):
    for square in range(3):  # White's far row
        if board[square] == 'W':
            return 'W'
    if 'B' in board[6:]:
        return 'B'
    if moves(board, side):
        return ''
'''
NONE_WHEN_STUCK = ("Your winner is wrong on all 10 positions where the game is over and no "
                   "pawn has reached its far row. It is right on the other 125 of the 135 "
                   "positions a game can reach. Where it is wrong, it gives back None.")


def graded_class(capsys: pytest.CaptureFixture[str], out: Path, *argv: str) -> Path:
    code = main(['grade', *argv, '--out', str(out), '-j', '2'])
    assert code == 0, capsys.readouterr()
    return out / 'summary.html'


def groups(browser: WebDriver) -> list[tuple[str, str, str]]:
    """Each group of the behaviour table: its class, its mistake, who is in it."""
    found = browser.find_elements(By.CSS_SELECTOR, '#behaviours > tbody > tr')
    return [(row.get_attribute('class') or '',
             row.find_element(By.CSS_SELECTOR, 'td:nth-child(1)').text,
             row.find_element(By.CSS_SELECTOR, 'td:nth-child(4)').text) for row in found]


def test_a_mistake_nobody_listed_but_several_made_comes_first(
        browser: WebDriver, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    klass = tmp_path / 'class'
    hand_ins = {'ann': ('winner', (UNLISTED / 'winner' / 'none_when_stuck.py').read_text()),
                'ben': ('winner', STUCK_GIVES_NONE),
                'fay': ('winner', (UNLISTED / 'winner' / 'names_in_full.py').read_text())}
    reversed_mirror = (PIECES / 'mirror' / 'whole_string_reversed.py').read_text()
    hand_ins |= {name: ('mirror', reversed_mirror) for name in ('cy', 'dee', 'eve')}
    for name, (exercise, text) in hand_ins.items():
        (klass / name).mkdir(parents=True)
        (klass / name / f'{exercise}.py').write_text(text)
    config, _ = fast_config(tmp_path)
    browser.get(graded_class(capsys, tmp_path / 'out', str(klass), '--config',
                             str(config)).as_uri())
    assert groups(browser) == [
        ('unknown', f'2 students: {NONE_WHEN_STUCK} not in the catalogue', 'ann, ben'),
        ('known', '3 students: whole string reversed', 'cy, dee, eve'),
        ('unknown', "1 student: Your winner is wrong on all 65 positions where the game is "
                    "over. It is right on the other 70 of the 135 positions a game can reach. "
                    "Where it is wrong, it gives back 'White' or 'Black'. not in the "
                    "catalogue", 'fay')]
    first = browser.find_element(By.CSS_SELECTOR, '#behaviours > tbody > tr')
    example = first.find_element(By.CSS_SELECTOR, 'td:nth-child(3)')
    assert example.find_element(By.TAG_NAME, 'code').text == "winner('B.BWBW.W.', 'B')"
    assert example.find_element(By.CSS_SELECTOR, 'table.board').get_attribute(
        'aria-label') == 'the board (B to move): B.BWBW.W.'
    assert example.text.splitlines()[-2:] == ["expected 'W'", 'got None']
    mirror = browser.find_elements(By.CSS_SELECTOR, '#behaviours > tbody > tr')[1]
    assert mirror.find_element(By.CSS_SELECTOR, 'td:nth-child(3) code').text == \
        "mirror('........B')"  # the simplest board, not the lesson's example
    assert fetched(browser) == []


def test_the_sample_class_is_grouped_by_behaviour(browser: WebDriver, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    config, _ = fast_config(tmp_path)
    # a right but slow count_boxes keeps limits that let it pass
    config.write_text(config.read_text(encoding='utf-8') + '\n[limits.count_boxes]\n'
                      'call_seconds = 10\nload_seconds = 6\nfile_seconds = 120\n',
                      encoding='utf-8')
    browser.get(graded_class(capsys, tmp_path / 'out', '--config', str(config)).as_uri())
    found = groups(browser)
    assert [g for g in found if not g[1].startswith('1 student:')] == [
        ('known', '3 students: whole string reversed', 'ines, jonas, ximena'),
        ('known', '2 students: far rows swapped', 'jonas, yusuf'),
        ('known', '2 students: stuck rule forgotten', 'olu, victor'),
        ('known', '2 students: whose turn confused', 'rosa, ximena'),
        ('known', '2 students: game paths counted', 'sami, ximena'),
        ('known', '2 students: global not reset', 'priya, yusuf')]
    # every piece of the sample class makes one mistake, named for it: a group is
    # exactly the students who handed in one piece, graded
    exercises = [row.find_element(By.CSS_SELECTOR, 'td:nth-child(2)').text for row in
                 browser.find_elements(By.CSS_SELECTOR, '#behaviours > tbody > tr')]
    by_piece = {(exercise, piece): ids for exercise, piece, ids in handed_in()}
    for exercise, (_, mistake, who) in zip(exercises, found):
        piece = mistake.split(': ', 1)[1].lower().replace("'", '').replace(' ', '_')
        assert who.split(', ') == by_piece.pop((exercise, piece))
    assert all(piece.startswith('correct_') or piece == 'hard_coded'
               for _, piece in by_piece), by_piece


def handed_in() -> list[tuple[str, str, list[str]]]:
    """Each piece of the sample class that was graded, and who handed it in."""
    ids: dict[tuple[str, str], list[str]] = {}
    for hand in read_roster(HOME / 'roster.toml'):
        for exercise, piece in hand.pieces.items():
            if exercise not in hand.damage and exercise not in hand.rename:
                ids.setdefault((exercise, piece), []).append(hand.id)
    return [(exercise, piece, sorted(who)) for (exercise, piece), who in ids.items()]
