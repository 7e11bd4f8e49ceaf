from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from autograder.classroom.outputs import write_outputs

from browser import fetched, start_chromium
from class_records import batch_of, record, right, wrong_mirror


@pytest.fixture(scope='module')
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    driver = start_chromium(tmp_path_factory.mktemp('profile'))
    yield driver
    driver.quit()


def class_of_four(out: Path) -> Path:
    no_winner = replace(right('winner', 3.0), points=0.0, misconception='nobody ever wins')
    bob = record('bob', wrong_mirror())
    eve = replace(record('eve', wrong_mirror(0.0)),
                  exercises=(wrong_mirror(0.0), no_winner, right('count_boxes', 4.0)))
    return write_outputs(batch_of(record('ada'), bob, record('cy'), eve), out)


def rows(browser: WebDriver, table: str) -> list[str]:
    return [r.text for r in browser.find_elements(By.CSS_SELECTOR, f'#{table} tbody tr')]


def test_the_summary_shows_chart_checks_mistakes_and_flags(browser: WebDriver,
                                                           tmp_path: Path) -> None:
    summary = class_of_four(tmp_path)
    browser.get(summary.as_uri())
    assert browser.find_element(By.CLASS_NAME, 'overview').text == \
        '4 students, 2 with full marks, 2 flagged, median 9 points.'
    bars = browser.find_elements(By.CSS_SELECTOR, '#distribution rect.bar')
    assert [b.get_attribute('data-count') for b in bars] == \
        ['0', '0', '0', '0', '1', '0', '0', '0', '1', '0', '2']
    heights = {b.get_attribute('data-label'): b.size['height'] for b in bars}
    assert heights['10'] == 2 * heights['8'] > 0 and heights['0'] == 0
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
    assert rows(browser, 'students')[1] == 'bob 1 3 4 8/10'
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
