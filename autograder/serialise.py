"""Result records as JSON-ready data and back: for the cache, batch workers and the
records a batch keeps in OUT.

The reading side is strict: data that does not fit the records raises a
`ValueError`, so a damaged cache entry is regraded instead of shown.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any, get_args, get_type_hints

from autograder.records import CheckResult, ExerciseResult, Finding, Flag, SubmissionResult

FLAG_KINDS = get_args(get_type_hints(Flag)['kind'])
FORMAT = 3  # bumped when the shape below changes, so older cache entries are ignored


def to_data(result: SubmissionResult) -> dict[str, Any]:
    """What `dataclasses.asdict` gives, and the format: each worker makes one per
    submission, and asdict, which copies every value it meets, took a twentieth of
    the time the worker spends on a correct one."""
    data: dict[str, Any] = _plain(result)
    data['format'] = FORMAT
    return data


_NAMES: dict[type, tuple[str, ...]] = {}  # the fields of each record type, in order
_KEPT_AS_THEY_ARE = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    """A record as a dict of its fields, a tuple, list or dict as one of its kind, each
    part made plain in turn; anything else (text, numbers, None) is kept as it is."""
    kind = type(value)
    if kind in _KEPT_AS_THEY_ARE:
        return value
    if kind is tuple:
        return tuple(_plain(item) for item in value)
    if kind is list:  # none in a record today; made as asdict makes them
        return [_plain(item) for item in value]
    if kind is dict:
        return {_plain(key): _plain(item) for key, item in value.items()}
    names = _NAMES.get(kind)
    if names is None:
        if not is_dataclass(kind):
            return value
        names = _NAMES[kind] = tuple(field.name for field in fields(kind))
    return {name: _plain(getattr(value, name)) for name in names}


def from_data(data: Any) -> SubmissionResult:
    """The record `to_data` made; `ValueError` when `data` is not one."""
    try:
        if data['format'] != FORMAT:
            raise ValueError(f'result format {data["format"]!r}, not {FORMAT}')
        return SubmissionResult(
            source=_text(data['source']),
            exercises=tuple(_exercise(e) for e in data['exercises']),
            grader_version=_text(data['grader_version']),
            seed=int(data['seed']),
            isolation=_text(data['isolation']),
            notes=tuple(_text(n) for n in data['notes']),
        )
    except (KeyError, TypeError) as exc:
        raise ValueError(f'not a result record ({type(exc).__name__}: {exc})') from None


def _exercise(data: dict[str, Any]) -> ExerciseResult:
    return ExerciseResult(
        exercise=_text(data['exercise']),
        points=float(data['points']),
        max_points=float(data['max_points']),
        checks=tuple(_check(c) for c in data['checks']),
        problem=_optional(data['problem']),
        misconception=_optional(data['misconception']),
        flags=tuple(_flag(f) for f in data['flags']),
        description=_optional(data['description']),
        fingerprint=_optional(data['fingerprint']),
        origin=_optional(data['origin']),
        notes=tuple(_text(n) for n in data['notes']),
    )


def _flag(data: dict[str, Any]) -> Flag:
    kind = data['kind']
    if kind not in FLAG_KINDS:
        raise ValueError(f'unknown flag {kind!r}')
    return Flag(kind, _text(data['note']))


def _check(data: dict[str, Any]) -> CheckResult:
    status = data['status']
    if status not in ('passed', 'failed', 'skipped'):
        raise ValueError(f'unknown check status {status!r}')
    finding = data['finding']
    return CheckResult(
        name=_text(data['name']),
        title=_text(data['title']),
        status=status,
        points=float(data['points']),
        max_points=float(data['max_points']),
        finding=None if finding is None else _finding(finding),
        reason=_optional(data['reason']),
        note=_optional(data['note']),
    )


def _finding(data: dict[str, Any]) -> Finding:
    difference = data['difference']
    return Finding(
        summary=_text(data['summary']),
        call=_optional(data['call']),
        board=tuple(_text(row) for row in data['board']),
        side=_optional(data['side']),
        expected=_optional(data['expected']),
        got=_optional(data['got']),
        difference=None if difference is None else int(difference),
        hint=_text(data['hint']),
        misconception=_optional(data['misconception']),
    )


def _text(value: Any) -> str:
    if type(value) is not str:
        raise ValueError(f'expected text, found {type(value).__name__}')
    return value


def _optional(value: Any) -> str | None:
    return None if value is None else _text(value)
