"""What a student reads beside the checks: notes that cost nothing but say what
happened (a cell that failed while loading, a definition of another section left
out, a file graded under the name it stands for, a slow but right answer, a flood
of printing cut)."""
from __future__ import annotations

from autograder.calls.outcomes import Died, Loaded, Raised, TimedOut
from autograder.checking.probe import Probe
from autograder.exercises.spec import Exercise
from autograder.records import RENAMED
from autograder.submission.locate import Source


def student_notes(exercise: Exercise, source: Source, loaded: Loaded, probe: Probe
                  ) -> tuple[str, ...]:
    """Every note of one graded file, in the order a student meets what they are about."""
    return renamed_notes(source) + left_out_notes(exercise, source, loaded) + \
        cell_notes(exercise, source, loaded) + \
        slow_notes(exercise, probe.process.slowest_call, probe.process.limits.call_seconds) + \
        output_notes(probe)


def cell_notes(exercise: Exercise, source: Source, loaded: Loaded) -> tuple[str, ...]:
    """A notebook cell that failed while loading, when the function was defined all
    the same: graded, as Jupyter would have run the cells after it."""
    error = loaded.error
    if exercise.name not in loaded.functions:
        return ()
    what = 'a cell' if source.filename.endswith('.ipynb') else 'a statement'
    if isinstance(error, Raised) and error.type_name == 'EOFError':
        where = f' ({source.place(error.line)})' if error.line else ''
        rest = 'the cells after it still ran' if loaded.went_on else \
            'the rest of the file did not run'
        return (f'{source.filename} calls input(){where} while loading, but nobody is there '
                f'to type; {rest}, and {exercise.name} was graded as it was defined above '
                f'it. Take input() out when you hand your work in.',)
    if not loaded.went_on:
        return ()
    if isinstance(error, TimedOut):
        where = f' ({source.place(loaded.stopped_at)})' if loaded.stopped_at else ''
        return (f'{what} of {source.filename}{where} was still running after '
                f'{error.seconds:g} s while loading, and was stopped there; '
                f'{exercise.name} was graded as the cells above had defined it. Is that '
                f'cell an endless loop, or an experiment that takes long?',)
    if not isinstance(error, Raised):
        return ()
    after = 'as in Jupyter, the cells after it' if what == 'a cell' else 'the rest of the file'
    return (f'{what} of {source.filename} {error.describe(source.place)} while loading; '
            f'{after} still ran, so {exercise.name} was graded. Fix that {what[2:]}, or '
            f'take it out.',)


def renamed_notes(source: Source) -> tuple[str, ...]:
    """A file handed in under a name a browser or a computer chose for it."""
    if source.renamed is None:
        return ()
    return (f'{source.renamed} {RENAMED} {source.filename}, the name it stands for: name '
            f'it {source.filename} next time (a browser or a computer may give a file '
            f'such a name as it saves it).',)


def left_out_notes(exercise: Exercise, source: Source, loaded: Loaded
                   ) -> tuple[str, ...]:
    """Definitions carried from other exercises' sections that were left out: what of
    another section runs as it is defined (a decorator, a default value, a class
    body) never costs this exercise, but the student should know it did not run."""
    notes = []
    for left in loaded.left_out:
        if not 0 <= left.place < len(source.cells):
            continue
        where = source.place(source.cells[left.place][0])
        outcome = left.outcome
        if outcome is None:
            what = 'was not run, as the code from other exercises had used up its time'
        elif isinstance(outcome, Raised):
            what = outcome.describe(source.place)
        elif isinstance(outcome, TimedOut):
            what = outcome.describe()
        elif isinstance(outcome, Died):
            what = f'stopped the program ({outcome.describe()})'
        else:
            continue
        notes.append(f'{where[0].upper()}{where[1:]} of {source.filename} belongs to '
                     f'another exercise, and was left out while {exercise.name} was '
                     f'graded: it {what}.')
    return tuple(notes)


def slow_notes(exercise: Exercise, slowest: float | None, limit: float
               ) -> tuple[str, ...]:
    """A right but slow answer costs nothing; the note says how long it took and what
    would make it faster."""
    if exercise.slow is None or slowest is None or slowest < exercise.slow.seconds:
        return ()
    return (f'{exercise.name} took {slowest:.1f} s of computing for one call: slow, but '
            f'that costs nothing (the limit is {limit:g} s). {exercise.slow.tip}',)


def output_notes(probe: Probe) -> tuple[str, ...]:
    """Printing costs nothing, but a flood of it is cut, and the student is told."""
    dropped = probe.process.output_dropped
    if not dropped:
        return ()
    return (f'{probe.function} printed more than the grader keeps '
            f'({probe.process.limits.output_kb} KiB) while it was graded; the other '
            f'{dropped} characters were dropped. That costs nothing, but a print inside a '
            f'function called thousands of times floods the screen: take it out when you '
            f'are done.',)
