"""Writes `recorded_examples.json`: the inputs Hypothesis draws for every property
of every exercise under the default settings, so that grading with the defaults
need not load Hypothesis at all (see `properties`).

Run `python -m autograder.checking.recording` after changing a property, its settings or
the pinned Hypothesis; a test compares the file with what Hypothesis draws.
"""
from __future__ import annotations

import json
from typing import Any

from autograder.checking.properties import RECORDED, examples_for, recording_key
from autograder.exercises import EXERCISES
from autograder.settings.config import Config


def recorded_now() -> dict[str, list[Any]]:
    """What Hypothesis draws today, for every property, under the default settings."""
    settings = Config().properties
    found: dict[str, list[Any]] = {}
    for exercise in EXERCISES:
        for prop in exercise.properties:
            examples = examples_for(prop, settings, shipped=False)
            if json.loads(json.dumps(examples)) != examples:
                raise ValueError(f'the inputs of {prop.name} do not survive JSON')
            found[recording_key(prop.name, settings)] = examples
    return found


def write() -> None:
    RECORDED.write_text(json.dumps(recorded_now(), indent=1, ensure_ascii=True) + '\n',
                        encoding='utf-8')


if __name__ == '__main__':
    write()
