"""A real headless Chromium for the page tests (Debian's chromium and chromium-driver)."""
from __future__ import annotations

import shutil
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

FLAGS = ('--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync',
         '--window-size=1200,900')


def start_chromium(profile: Path) -> WebDriver:
    chromium, driver = shutil.which('chromium'), shutil.which('chromedriver')
    if not chromium or not driver:
        raise RuntimeError('the page tests need chromium and chromium-driver: '
                           'apt-get install chromium chromium-driver (tests/run does it)')
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in FLAGS + (f'--user-data-dir={profile}',):
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=Service(driver))


def fetched(browser: WebDriver) -> list[str]:
    """Everything the open page loaded besides itself: offline pages load nothing."""
    return list(browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"))
