"""The grader.toml a platform package carries: the teacher's file as written, checked
first, so that a mistake in it shows now rather than on the platform."""
from __future__ import annotations

from pathlib import Path

from autograder.errors import UsageError
from autograder.settings.config import load_config
from autograder.settings.config_file import choose

DEFAULTS = ('# hexgrade settings: the built-in defaults. Every key is optional; the\n'
            "# README's grader.toml table lists them.\n")


def settings_text(explicit: Path | None) -> tuple[str, str]:
    """The grader.toml text to ship, and one line saying where it came from."""
    if explicit is not None and not explicit.is_file():
        raise UsageError(f'{explicit}: no such file')
    choice = choose(explicit, None)
    if choice.path is None:
        return DEFAULTS, choice.said
    load_config(choice.path)  # says what is wrong with it, naming the key
    return choice.path.read_text(encoding='utf-8'), choice.said
