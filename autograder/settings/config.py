"""Grading settings: `grader.toml`, read and checked in one place.

Every key is validated against its allowed values; an unknown key is rejected
with a "did you mean"; every message names the file. Out comes a frozen `Config`.
"""
from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from autograder.calls.limits import Limits
from autograder.checking.probe import PropertySettings
from autograder.errors import ConfigError
from autograder.exercises import EXERCISES

SHOW_CHOICES = ('everything', 'hints', 'names', 'score')
EXERCISE_NAMES = tuple(exercise.name for exercise in EXERCISES)
DEFAULT_POINTS = {exercise.name: exercise.points for exercise in EXERCISES}
# an exercise's own time limits, over [limits]: count_boxes searches a whole game
DEFAULT_EXERCISE_LIMITS = {exercise.name: dict(exercise.limits) for exercise in EXERCISES}
OWN_LIMITS = ('call_seconds', 'load_seconds', 'file_seconds')
# weights of the checks a teacher may give points to; by default they only earn a note:
# printing as well as returning, and a mirror right on every board of the lesson that
# does not work on other letters (the lesson's boards hold only 'B', 'W' and '.')
DEFAULT_WEIGHTS = {'prints_nothing': 0, 'any_characters': 0}


@dataclass(frozen=True)
class Config:
    points: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_POINTS))
    limits: Limits = Limits()
    properties: PropertySettings = PropertySettings()
    show: str = 'everything'
    source: str = 'built-in defaults'
    exercise_limits: Mapping[str, Mapping[str, float]] = field(
        default_factory=lambda: {name: dict(own) for name, own in
                                 DEFAULT_EXERCISE_LIMITS.items()})
    weights: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))

    def submission_seconds(self) -> float:
        """The longest grading one submission may take: its exercises one after
        another, each within its own file limit, and one of them once more (asked
        again in a child of its own, after the child they shared died)."""
        files = [self.limits_for(name).file_seconds for name in self.points]
        return sum(files) + max(files, default=0.0)

    def limits_for(self, exercise: str) -> Limits:
        """The limits one exercise runs under: [limits], with its own table's over them."""
        own = self.exercise_limits.get(exercise, {})
        limits = self.limits
        return Limits(own.get('call_seconds', limits.call_seconds),
                      own.get('load_seconds', limits.load_seconds),
                      own.get('file_seconds', limits.file_seconds),
                      limits.memory_mb, limits.output_kb, limits.file_kb)


def _number(low: float, high: float, whole: bool = False) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        kinds = (int,) if whole else (int, float)
        if type(value) not in kinds or not low <= value <= high:
            kind = 'a whole number' if whole else 'a number'
            return f'{kind} from {low} to {high}'  # as written: 4294967295, not 4.29497e+09
        return None
    return check


def _points(value: Any) -> str | None:
    if _number(0, 1000)(value) or round(value, 2) != value:
        return 'a number from 0 to 1000, in hundredths at most (like 2.5)'
    return None


def _choice(value: Any) -> str | None:
    return None if value in SHOW_CHOICES else 'one of ' + ', '.join(map(repr, SHOW_CHOICES))


# table -> key -> validator returning what is allowed when the value is not
SCHEMA: dict[str, dict[str, Callable[[Any], str | None]]] = {
    '': {'seed': _number(0, 2 ** 32 - 1, whole=True)},
    'points': {name: _points for name in EXERCISE_NAMES},
    'limits': {
        'call_seconds': _number(0.05, 60),
        'load_seconds': _number(0.05, 60),
        'file_seconds': _number(0.5, 600),
        'memory_mb': _number(64, 8192, whole=True),
        'output_kb': _number(1, 10240, whole=True),
    },
    **{f'limits.{name}': {'call_seconds': _number(0.05, 600),
                          'load_seconds': _number(0.05, 600),
                          'file_seconds': _number(0.5, 3600)} for name in EXERCISE_NAMES},
    'hypothesis': {'max_examples': _number(1, 10000, whole=True)},
    'students': {'show': _choice},
    'weights': {name: _number(0, 100, whole=True) for name in DEFAULT_WEIGHTS},
}


def load_config(path: Path | None) -> Config:
    """The settings in `path`, or the defaults when `path` is None."""
    if path is None:
        return Config()
    try:
        data = tomllib.loads(path.read_text(encoding='utf-8'))
    except OSError as exc:
        raise ConfigError(f'{path}: cannot be read ({exc.strerror})') from None
    except UnicodeDecodeError:
        raise ConfigError(f'{path}: is not UTF-8 text') from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f'{path}: is not valid TOML ({exc})') from None
    flat = _validated(data, path)
    defaults = Config()
    return Config(
        points={n: float(flat.get(('points', n), defaults.points[n])) for n in EXERCISE_NAMES},
        limits=Limits(
            call_seconds=float(flat.get(('limits', 'call_seconds'),
                                        defaults.limits.call_seconds)),
            load_seconds=float(flat.get(('limits', 'load_seconds'),
                                        defaults.limits.load_seconds)),
            file_seconds=float(flat.get(('limits', 'file_seconds'),
                                        defaults.limits.file_seconds)),
            memory_mb=flat.get(('limits', 'memory_mb'), defaults.limits.memory_mb),
            output_kb=flat.get(('limits', 'output_kb'), defaults.limits.output_kb),
        ),
        properties=PropertySettings(
            max_examples=flat.get(('hypothesis', 'max_examples'),
                                  defaults.properties.max_examples),
            seed=flat.get(('', 'seed'), defaults.properties.seed),
        ),
        show=flat.get(('students', 'show'), defaults.show),
        source=str(path),
        exercise_limits={name: _own_limits(name, flat) for name in EXERCISE_NAMES},
        weights={name: flat.get(('weights', name), weight)
                 for name, weight in DEFAULT_WEIGHTS.items()},
    )


def _own_limits(exercise: str, flat: dict[tuple[str, str], Any]) -> dict[str, float]:
    """An exercise's own limits: its table's, else the exercise's defaults, except
    where the file sets the same limit for every exercise in [limits]."""
    own = {key: value for key, value in DEFAULT_EXERCISE_LIMITS[exercise].items()
           if ('limits', key) not in flat}
    own.update({key: float(flat[(f'limits.{exercise}', key)]) for key in OWN_LIMITS
                if (f'limits.{exercise}', key) in flat})
    return own


def _validated(data: dict[str, Any], path: Path) -> dict[tuple[str, str], Any]:
    flat: dict[tuple[str, str], Any] = {}
    for key, value in data.items():
        if isinstance(value, dict) and key in SCHEMA and key:
            for inner, inner_value in value.items():
                table = f'{key}.{inner}'
                if isinstance(inner_value, dict) and table in SCHEMA:  # [limits.count_boxes]
                    for own, own_value in inner_value.items():
                        flat[(table, own)] = _checked(table, own, own_value, path)
                else:
                    flat[(key, inner)] = _checked(key, inner, inner_value, path)
        elif key in SCHEMA and key:
            raise ConfigError(f'{path}: {key} is a table: write [{key}] on a line of its '
                              f'own, with its keys below it')
        else:
            flat[('', key)] = _checked('', key, value, path)
    return flat


def _checked(table: str, key: str, value: Any, path: Path) -> Any:
    allowed = SCHEMA.get(table, {})
    name = f'{table}.{key}' if table else key
    if key not in allowed:
        known = [f'{t}.{k}' if t else k for t, keys in SCHEMA.items() for k in keys]
        known += [t for t in SCHEMA if t]
        if table:  # within a table, every key shares its prefix: compare the keys alone
            close = [f'{table}.{k}' for k in difflib.get_close_matches(key, list(allowed), n=1)]
        else:
            close = difflib.get_close_matches(name, known, n=1)
        close = close or [k for k in known if k.rsplit('.', 1)[-1] == key][:1]  # wrong table
        tip = f'; did you mean {close[0]}?' if close else ''
        raise ConfigError(f'{path}: unknown key {name}{tip}')
    problem = allowed[key](value)
    if problem:
        raise ConfigError(f'{path}: {name} = {value!r} is not allowed; it must be {problem}')
    return value
