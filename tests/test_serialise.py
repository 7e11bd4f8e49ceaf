from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from autograder.serialise import FORMAT, from_data, to_data

from class_records import record, wrong_mirror


def test_a_record_survives_json_unchanged() -> None:
    original = record('ada', wrong_mirror(), notes=('handed in late',))
    data = json.loads(json.dumps(to_data(original)))
    assert from_data(data) == original


def test_a_record_is_the_data_asdict_gives_field_by_field() -> None:
    original = record('ada', wrong_mirror(), notes=('handed in late',))
    data = to_data(original)
    assert data == {**asdict(original), 'format': FORMAT}
    assert list(data) == [*asdict(original), 'format']  # in the records' order


def test_a_record_of_another_format_is_refused() -> None:
    data = to_data(record('ada'))
    data['format'] = 0
    with pytest.raises(ValueError, match='result format 0, not 3'):
        from_data(data)


def test_a_record_missing_a_field_is_refused() -> None:
    data = to_data(record('ada'))
    del data['exercises']
    with pytest.raises(ValueError, match=r"not a result record \(KeyError: 'exercises'\)"):
        from_data(data)


def test_an_unknown_check_status_is_refused() -> None:
    data = to_data(record('ada'))
    data['exercises'][0]['checks'][0]['status'] = 'maybe'
    with pytest.raises(ValueError, match="unknown check status 'maybe'"):
        from_data(data)


def test_a_number_where_text_belongs_is_refused() -> None:
    data = to_data(record('ada'))
    data['source'] = 7
    with pytest.raises(ValueError, match='expected text, found int'):
        from_data(data)


def test_an_unknown_flag_is_refused() -> None:
    data = to_data(record('ada', wrong_mirror()))
    data['exercises'][0]['flags'][0]['kind'] = 'odd'
    with pytest.raises(ValueError, match="unknown flag 'odd'"):
        from_data(data)
