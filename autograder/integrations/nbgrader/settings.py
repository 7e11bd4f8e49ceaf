"""The grading settings a test cell carries, and the `Config` they stand for.

A grading cell cannot find `grader.toml` when nbgrader runs it (the kernel works
in a copy of the student's folder), so the course writer puts the settings into
the cell itself as a plain literal. nbgrader restores locked cells from its
database before autograding, so what runs is what the teacher generated.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from autograder.calls.limits import Limits
from autograder.checking.probe import PropertySettings
from autograder.errors import GraderError
from autograder.settings.config import SHOW_CHOICES, Config


def cell_settings(config: Config) -> dict[str, Any]:
    """`config` as a literal that reads well in a notebook cell."""
    limits = config.limits
    return {
        'points': dict(config.points),
        'limits': {'call_seconds': limits.call_seconds, 'load_seconds': limits.load_seconds,
                   'file_seconds': limits.file_seconds, 'memory_mb': limits.memory_mb,
                   'output_kb': limits.output_kb},
        'exercise_limits': {name: dict(own) for name, own in config.exercise_limits.items()},
        'max_examples': config.properties.max_examples,
        'seed': config.properties.seed,
        'show': config.show,
    }


def config_from_cell(settings: Mapping[str, Any], exercise: str) -> Config:
    """The `Config` a grading cell's literal stands for."""
    try:
        limits = settings['limits']
        config = Config(
            points={str(name): float(points) for name, points in settings['points'].items()},
            limits=Limits(call_seconds=float(limits['call_seconds']),
                          # cells written before the setting existed go without it
                          load_seconds=float(limits.get('load_seconds',
                                                        Limits.load_seconds)),
                          file_seconds=float(limits['file_seconds']),
                          memory_mb=int(limits['memory_mb']),
                          output_kb=int(limits['output_kb'])),
            properties=PropertySettings(max_examples=int(settings['max_examples']),
                                        seed=int(settings['seed'])),
            show=str(settings['show']),
            source=f'the grading cell of {exercise}',
        )
        if 'exercise_limits' in settings:  # cells written before it go with the defaults
            config = replace(config, exercise_limits={
                str(name): {str(key): float(value) for key, value in own.items()}
                for name, own in settings['exercise_limits'].items()})
        if exercise not in config.points:
            raise KeyError(f'no points for {exercise}')
        if config.show not in SHOW_CHOICES:
            raise ValueError(f'show = {config.show!r}')
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise GraderError(f'the settings in the grading cell of {exercise} are damaged '
                          f'({type(exc).__name__}: {exc})',
                          tip='write the course again with `hexgrade nbgrader`') from None
    return config
