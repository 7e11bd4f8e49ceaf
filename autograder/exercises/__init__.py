"""The registry: every exercise the grader knows, in the order students meet them.
A new exercise is one package here (its module `exercise`) and one line below; each
module is imported under a name of its own, so that its package keeps its name."""
from __future__ import annotations

from autograder.exercises.count_boxes import exercise as count_boxes_exercise
from autograder.exercises.mirror import exercise as mirror_exercise
from autograder.exercises.spec import Exercise
from autograder.exercises.winner import exercise as winner_exercise

EXERCISES: tuple[Exercise, ...] = (
    mirror_exercise.EXERCISE,
    winner_exercise.EXERCISE,
    count_boxes_exercise.EXERCISE,
)

BY_NAME = {exercise.name: exercise for exercise in EXERCISES}

__all__ = ['BY_NAME', 'EXERCISES']
