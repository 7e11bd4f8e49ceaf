"""What tests about every exercise expect, built from the registry and the default points,
so that a new exercise in the registry needs no change to them.

A test about one exercise's behaviour or wording still names that exercise itself.
"""
from __future__ import annotations

from collections.abc import Mapping

from autograder.settings.config import DEFAULT_POINTS, EXERCISE_NAMES

NAMES = EXERCISE_NAMES  # in the registry's order, as every report lists them
POINTS: Mapping[str, float] = DEFAULT_POINTS
TOTAL = sum(POINTS.values())


def scores(**got: float) -> dict[str, float]:
    """Points for every exercise in the registry's order: those given, none for the rest."""
    unknown = set(got) - set(NAMES)
    assert not unknown, f'not in the registry: {sorted(unknown)}'
    return {name: got.get(name, 0.0) for name in NAMES}


def full_marks(**but: float) -> dict[str, float]:
    """Full marks for every exercise, but the points given."""
    unknown = set(but) - set(NAMES)
    assert not unknown, f'not in the registry: {sorted(unknown)}'
    return {name: but.get(name, POINTS[name]) for name in NAMES}


def summary_line(source: str, got: Mapping[str, float],
                 points: Mapping[str, float] = POINTS) -> str:
    """The first line of `hexgrade check`: the total, then every exercise in the registry's
    order, as in `.: 3/10 points (mirror 3/3, winner 0/3, count_boxes 0/4)`."""
    parts = ', '.join(f'{name} {got[name]:g}/{points[name]:g}' for name in NAMES)
    return f'{source}: {sum(got[name] for name in NAMES):g}/' \
           f'{sum(points[name] for name in NAMES):g} points ({parts})'
