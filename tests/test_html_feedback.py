from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from autograder.render.html_feedback import feedback_page
from autograder.render.visibility import for_students

from browser import fetched, start_chromium
from class_records import record, wrong_mirror


@pytest.fixture(scope='module')
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    driver = start_chromium(tmp_path_factory.mktemp('profile'))
    yield driver
    driver.quit()


def show(browser: WebDriver, folder: Path, show: str) -> WebDriver:
    shown = for_students(record('ada', wrong_mirror(), notes=('handed in late',)), show)
    page = folder / f'{show}.html'
    page.write_text(feedback_page(shown, 'hexapawn'), encoding='utf-8')
    browser.get(page.as_uri())
    return browser


def test_a_failing_board_is_drawn_as_a_grid_with_pawns(browser: WebDriver,
                                                       tmp_path: Path) -> None:
    show(browser, tmp_path, 'everything')
    assert browser.find_element(By.TAG_NAME, 'h1').text == 'hexapawn: feedback for ada'
    assert browser.find_element(By.CLASS_NAME, 'total').text == '8 of 10 points'
    grids = browser.find_elements(By.CSS_SELECTOR, 'div.check.failed table.board')
    captions = [g.find_element(By.XPATH, '..').text for g in grids]
    assert captions == ['the board', 'expected', 'your function gave']
    board = grids[0]
    assert len(board.find_elements(By.TAG_NAME, 'td')) == 9
    black = board.find_elements(By.CSS_SELECTOR, '.pawn.B')
    white = board.find_elements(By.CSS_SELECTOR, '.pawn.W')
    assert (len(black), len(white)) == (2, 2)
    assert black[0].size['width'] > 10 and black[0].location['y'] < white[0].location['y']
    assert black[0].value_of_css_property('background-color') != \
        white[0].value_of_css_property('background-color')
    assert board.size['width'] > 80 and board.is_displayed()
    text = browser.find_element(By.CSS_SELECTOR, 'div.check.failed').text
    assert "Try it yourself: mirror('BB.WW....')" in text
    assert "Expected '.BB.WW...'" in text and "Got '....WW.BB'" in text
    assert 'Hint: You reversed the whole string.' in text
    assert browser.find_element(By.CLASS_NAME, 'notes').text == 'handed in late'
    assert fetched(browser) == []


def test_hints_without_the_expected_value(browser: WebDriver, tmp_path: Path) -> None:
    show(browser, tmp_path, 'hints')
    text = browser.find_element(By.CSS_SELECTOR, 'div.check.failed').text
    assert 'Expected' not in text and "Got '....WW.BB'" in text and 'Hint:' in text
    captions = [g.find_element(By.XPATH, '..').text for g in
                browser.find_elements(By.CSS_SELECTOR, 'table.board')]
    assert captions == ['the board', 'your function gave']


def test_names_only_and_score_only(browser: WebDriver, tmp_path: Path) -> None:
    show(browser, tmp_path, 'names')
    failed = browser.find_element(By.CSS_SELECTOR, 'div.check.failed')
    assert failed.text == 'failed mirror reverses each row (2 pt)'
    assert browser.find_elements(By.CSS_SELECTOR, 'table.board') == []
    show(browser, tmp_path, 'score')
    checks = [c.text for c in browser.find_elements(By.CSS_SELECTOR, 'div.check')]
    assert checks == ['failed mirror score (3 pt)', 'passed winner score (3 pt)',
                      'passed count_boxes score (4 pt)']
