from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from autograder.classroom.cache import ResultCache, settings_digest
from autograder.serialise import to_data
from autograder.settings.config import Config

from class_records import record


def test_what_students_see_does_not_change_the_key_but_points_do() -> None:
    base = settings_digest(Config(), 'floor')
    assert settings_digest(replace(Config(), show='score', source='x.toml'), 'floor') == base
    assert settings_digest(replace(Config(), points={'mirror': 1.0, 'winner': 3.0,
                                                     'count_boxes': 4.0}), 'floor') != base
    assert settings_digest(Config(), 'bubblewrap') != base


def test_entries_come_back_and_damaged_ones_count_as_missing(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path / 'cache', 'settings')
    key = cache.key('digest')
    assert cache.get(key) is None
    cache.put(key, record('ada'))
    assert cache.get(key) == record('ada')
    cache.put(key, to_data(record('bea')))  # as a worker sends it back
    assert cache.get(key) == record('bea')
    assert cache.key('digest') != ResultCache(tmp_path, 'other').key('digest')
    (tmp_path / 'cache' / f'{key}.json').write_text('{"format": 1')
    assert cache.get(key) is None
