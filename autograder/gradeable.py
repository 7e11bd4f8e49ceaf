"""Whether a loaded file can be graded for one exercise, and if not, why: in words a
student can act on."""
from __future__ import annotations

import difflib

from .exercise import Exercise
from .exercises import EXERCISES
from .loading import Source
from .sandbox.outcomes import Died, Raised, TimedOut
from .sandbox.process import Loaded

SYNTAX_ERRORS = ('SyntaxError', 'IndentationError', 'TabError')


def problem_of(exercise: Exercise, source: Source, loaded: Loaded) -> str | None:
    """Why `exercise` cannot be graded in this loaded file, or None when it can."""
    name, filename, error = exercise.name, source.filename, loaded.error
    if isinstance(error, TimedOut):
        return (f'{filename} did not finish loading within {error.seconds:g} s: is there an '
                f'endless loop outside the functions?')
    if isinstance(error, Died):
        return f'{filename} stopped the program while loading: {error.reason}'
    if isinstance(error, Raised):
        if error.type_name in SYNTAX_ERRORS:
            return f'{filename} has a syntax error on line {error.line}: {error.message}'
        if error.type_name == 'EOFError':
            return (f'{filename} calls input() while loading, but nobody is there to type: '
                    f'take input() out')
        return f'{filename} {error.describe()} while loading'
    if name not in loaded.functions:
        return _missing(exercise, filename, loaded)
    defined, imported = _bindings(loaded, name)
    if len(defined) > 1 and _interleaved(loaded, exercise, defined):
        lines = ' and '.join(str(line) for line in defined)
        return (f'{name} is defined {len(defined)} times in {filename} (lines {lines}); '
                f'Python keeps only the last, so which one is your answer is not clear: '
                f'keep just one')
    if imported and (not defined or imported[-1] > defined[-1]):  # the import wins
        return (f'{name} comes from an import on line {imported[-1]} of {filename}: the '
                f'exercise is to write {name} yourself')
    signature = loaded.functions[name]
    if signature is not None and not signature.accepts(len(exercise.params)):
        takes = ', '.join(signature.params)
        return (f'{name}({takes}) takes {signature.allowed} argument'
                f'{"s" if signature.allowed != 1 else ""}, but the exercise calls '
                f'{exercise.signature}')
    return None


def _interleaved(loaded: Loaded, exercise: Exercise, defined: list[int]) -> bool:
    """Whether another exercise's function is defined between the first and the last
    definition of this one. Then the last may be that exercise's helper (count_boxes.py
    brings its own mirror), not a newer answer, as when a student writes a function
    again further down, or an nbgrader answer cell follows its stub with the answer."""
    return any(defined[0] < line < defined[-1] for other in EXERCISES
               if other.name != exercise.name for line in _bindings(loaded, other.name)[0])


def _missing(exercise: Exercise, filename: str, loaded: Loaded) -> str:
    defined = [name for name in loaded.functions if not name.startswith('_')]
    close = difflib.get_close_matches(exercise.name, defined, n=1, cutoff=0.6)
    close = close or [n for n in defined if n.lower() == exercise.name.lower()]
    if close:
        return (f'{filename} defines {close[0]}, not {exercise.name}: did you mean '
                f'`{exercise.name}`?')
    return f'{filename} does not define {exercise.signature}'


def _bindings(loaded: Loaded, name: str) -> tuple[list[int], list[int]]:
    """Lines where the file's top level defines `name` itself, and where it imports it."""
    places = sorted(loaded.bindings.get(name, ()), key=lambda place: place[1])
    return ([line for kind, line in places if kind == 'def'],
            [line for kind, line in places if kind == 'import'])
