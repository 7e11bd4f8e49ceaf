"""Whether a loaded file can be graded for one exercise, and if not, why: in words a
student can act on."""
from __future__ import annotations

import difflib
import re
import sys

from autograder.calls.outcomes import Died, Loaded, Raised, TimedOut
from autograder.exercises.spec import Exercise
from autograder.submission.locate import Source
from autograder.submission.sections import Bindings

SYNTAX_ERRORS = ('SyntaxError', 'IndentationError', 'TabError')


def problem_of(exercise: Exercise, source: Source, loaded: Loaded) -> str | None:
    """Why `exercise` cannot be graded in this loaded file, or None when it can."""
    name, filename, error = exercise.name, source.filename, loaded.error
    if isinstance(error, TimedOut) and not (loaded.went_on and name in loaded.functions):
        return (f'{filename} did not finish loading within {error.seconds:g} s: is there an '
                f'endless loop outside the functions?')
    if isinstance(error, Died):
        return f'{filename} stopped the program while loading: {error.reason}'
    # a notebook cell that failed, when the cells after it defined the function all the
    # same, is a note (grading.cell_notes), as in Jupyter, not a reason to grade nothing;
    # so is input() below the function, in a notebook or a file: nobody is there to type,
    # and the function it tries by hand was written above it
    went_on = isinstance(error, Raised) and name in loaded.functions and \
        (loaded.went_on or error.type_name == 'EOFError')
    if isinstance(error, Raised) and not went_on:
        if error.type_name in SYNTAX_ERRORS:
            where = source.place(error.line) if error.line else 'a line it does not name'
            return f'{filename} has a syntax error on {where}: {error.message}'
        if error.type_name == 'EOFError':
            return (f'{filename} calls input() while loading, but nobody is there to type: '
                    f'take input() out')
        if not_standard(error):
            return (f'{filename} imports {not_standard(error)}, which is not part of '
                    f'Python\'s standard library: student code is graded with the standard '
                    f'library only')
        return f'{filename} {error.describe(source.place)} while loading'
    if name not in loaded.functions:
        return _missing(exercise, filename, loaded)
    # defined more than once, the last definition is the answer, as Python keeps it; a
    # file holding several exercises was cut into sections, so another exercise's
    # helper of the same name (count_boxes' own mirror) is never among them
    defined, imported = _bindings(source.bound(), name)
    if imported and (not defined or imported[-1] > defined[-1]):  # the import wins
        return (f'{name} comes from an import on {source.place(imported[-1])} of '
                f'{filename}: the exercise is to write {name} yourself')
    signature = loaded.functions[name]
    if signature is not None and not signature.accepts(len(exercise.params)):
        takes = ', '.join(signature.params)
        return (f'{name}({takes}) takes {signature.allowed} argument'
                f'{"s" if signature.allowed != 1 else ""}, but the exercise calls '
                f'{exercise.signature}')
    return None


NO_MODULE = re.compile(r"No module named '([\w.]+)'")


def hint_of(loaded: Loaded) -> str | None:
    """What to do about a file that could not be graded, where it is more than the
    usual (make it define the function, run it once yourself); None otherwise."""
    error = loaded.error
    if isinstance(error, Raised) and not_standard(error):
        return (f'Write it with Python alone: take the import of {not_standard(error)} out '
                f'and do with lists, strings and loops what you used it for.')
    return None


def not_standard(error: Raised) -> str | None:
    """The module a failed import named, when it is none of Python's own (numpy,
    pygame): graded code has the standard library only, whatever is installed."""
    if error.type_name != 'ModuleNotFoundError':
        return None
    named = NO_MODULE.search(error.message)
    if named is None or named[1].split('.')[0] in sys.stdlib_module_names:
        return None
    return named[1]


def _missing(exercise: Exercise, filename: str, loaded: Loaded) -> str:
    defined = [name for name in loaded.functions if not name.startswith('_')]
    close = difflib.get_close_matches(exercise.name, defined, n=1, cutoff=0.6)
    close = close or [n for n in defined if n.lower() == exercise.name.lower()]
    if close:
        return (f'{filename} defines {close[0]}, not {exercise.name}: did you mean '
                f'`{exercise.name}`?')
    return f'{filename} does not define {exercise.signature}'


def _bindings(bound: Bindings, name: str) -> tuple[list[int], list[int]]:
    """Lines where the file's top level defines `name` itself, and where it imports it."""
    places = sorted(bound.get(name, ()), key=lambda place: place[1])
    return ([line for kind, line in places if kind == 'def'],
            [line for kind, line in places if kind == 'import'])
