"""What a grading cell of the nbgrader course runs, inside the student's kernel.

The student's function is never called in the kernel. The cell takes the source of
the newest cell the kernel has run that defines the function (the kernel's own
input history, so it is the code that actually ran, wherever the notebook file
is), and grades it with the same checks as `hexgrade check`, in a sandboxed child:
an endless loop or a crash costs this exercise's points and leaves the kernel and
the other exercises alone.

nbgrader reads the cell's outputs: the text printed here is the student's feedback,
the number returned is the cell's score (partial credit), and anything written to
stderr would zero the cell, so the grader's own chatter is kept off stderr.

This module itself runs in the student's kernel, after the student's cells: code
there could replace it or read the installed reference. Grades that must hold
against tampering come from `hexgrade grade`, which never lets student code near
the grader (the README says which path to use when).
"""
from __future__ import annotations

import contextlib
import json
import sys
import warnings
from typing import Any, Callable, Iterator, Mapping, Sequence, cast

from autograder import __version__
from autograder.errors import GraderError
from autograder.exercises import BY_NAME, EXERCISES
from autograder.exercises.spec import Exercise
from autograder.integrations.nbgrader.settings import config_from_cell
from autograder.records import SubmissionResult
from autograder.submission.locate import Located, Missing, Source
from autograder.submission.notebooks import cells_for, defines, notebook_source


def grade(exercise: str, settings: Mapping[str, Any],
          history: Sequence[str] | None = None) -> float:
    """Grade `exercise`, print what the student may see, return the points it earned.

    `history` is the cells run so far, oldest first; by default the kernel's."""
    known = BY_NAME.get(exercise)
    if known is None:
        raise GraderError(f'this grading cell asks for an exercise named {exercise!r}, '
                          f'which hexgrade does not know', tip='write the course again '
                          'with `hexgrade nbgrader`')
    config = config_from_cell(settings, exercise)
    located = answer_source(known, kernel_history() if history is None else history)
    with _off_stderr():
        # the checks load Hypothesis, which may warn as it loads: import them here
        from autograder.grading import grade_exercise
        from autograder.render import terminal
        from autograder.render.visibility import for_students
        from autograder.sandbox import FLOOR

        # The floor isolation, not the strongest this machine offers: the answer
        # cell's top level has already run in this kernel, so what the child must
        # contain is what a call does (loops, crashes, memory); `hexgrade grade` is
        # the path that never runs student code outside a sandbox.
        result = grade_exercise(known, located, config, FLOOR)
    graded = SubmissionResult(f'your {exercise} cell', (result,), __version__,
                              config.properties.seed, FLOOR.name)
    print(terminal.render(for_students(graded, config.show)), end='')
    return min(result.points, result.max_points)


@contextlib.contextmanager
def _off_stderr() -> Iterator[None]:
    """Warnings silenced and stray text sent to stdout: nbgrader zeroes a cell that
    writes to stderr, and nothing the grader says is the student's fault."""
    with warnings.catch_warnings(), contextlib.redirect_stderr(sys.stdout):
        warnings.simplefilter('ignore')
        yield


def answer_source(exercise: Exercise, history: Sequence[str]) -> Located:
    """The newest cell in `history` that defines the exercise's function.

    A cell that defines another exercise's function too comes second, as when
    `hexgrade check` reads a notebook: the count_boxes cell carries its own `mirror`
    helper, which must not stand in for the student's mirror when it ran last."""
    names = tuple(known.name for known in EXERCISES)
    defining = [cell for cell in cells_for(list(history), exercise.name, names)
                if defines(cell, exercise.name)]
    if defining:
        return Source(_as_python(defining[-1]), f'your {exercise.name} cell')
    return Missing(f'no cell run before this one defines {exercise.signature}: was its '
                   f'answer cell deleted, or its function renamed?')


def kernel_history() -> list[str]:
    """The cells this kernel has run, as typed (magics included), oldest first."""
    shell: Any = None  # IPython types get_ipython in some releases, not in others
    try:
        from IPython.core.getipython import get_ipython
    except ImportError:  # IPython comes with Jupyter; without it there is no kernel
        pass
    else:
        shell = cast(Callable[[], Any], get_ipython)()
    if shell is None:
        raise GraderError('a grading cell works only inside a Jupyter notebook, where it '
                          'can see the cells run before it',
                          tip='to grade a file instead, run: hexgrade check FILE')
    return [str(cell) for cell in shell.history_manager.input_hist_raw]


def _as_python(cell: str) -> str:
    """The cell with IPython's magics made inert, as `hexgrade check` reads notebooks."""
    notebook = json.dumps({'cells': [{'cell_type': 'code', 'source': cell}]})
    return notebook_source(notebook, 'cell')
