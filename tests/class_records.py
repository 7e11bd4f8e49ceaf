"""Hand-made result records and small classes for the batch tests."""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from autograder.records import (Batch, CheckResult, ExerciseResult, Finding, Flag, Found, Graded,
                                Student, SubmissionResult)
from autograder.settings.config import DEFAULT_POINTS, EXERCISE_NAMES, Config, load_config

PIECES = Path(__file__).resolve().parent.parent / 'autograder' / 'sample_class' / 'pieces'

FAST_SETTINGS = """\
[limits]
call_seconds = 0.5
load_seconds = 2
file_seconds = 6
"""


def fast_config(folder: Path) -> tuple[Path, Config]:
    """Short limits: an endless loop costs 2 s of computing at load, 0.5 s in a call."""
    path = folder / 'grader.toml'
    path.write_text(FAST_SETTINGS, encoding='utf-8')
    return path, load_config(path)


def write_class(folder: Path, roster: str) -> Path:
    """A class written from the sample pieces by the roster text given."""
    from autograder.classroom.sample import write_sample_class

    home = folder / 'home'
    home.mkdir()
    (home / 'roster.toml').write_text(roster, encoding='utf-8')
    (home / 'pieces').symlink_to(PIECES)
    return write_sample_class(folder / 'class', home)


def right_pieces(**chosen: str) -> dict[str, str]:
    """A right piece for every exercise of the registry: the styles chosen, and the first
    right one of each other exercise."""
    def first_right(name: str) -> str:
        return sorted(path.stem for path in (PIECES / name).glob('correct_*.py'))[0]
    return {name: chosen.get(name) or first_right(name) for name in EXERCISE_NAMES}


def roster_entry(student: str, pieces: Mapping[str, str], *more: str) -> str:
    """One student of a roster for `write_class`: the piece handed in for each exercise
    named, then any more lines (a damage, a rename)."""
    lines = ['[[student]]', f'id = "{student}"', *(f'{name} = "{piece}"'
                                                   for name, piece in pieces.items()), *more]
    return '\n'.join(lines) + '\n'


def wrong_mirror(points: float = 1.0) -> ExerciseResult:
    finding = Finding('a row came out wrong', "mirror('BB.WW....')",
                      ('B B .', 'W W .', '. . .'), None, "'.BB.WW...'", "'....WW.BB'", 0,
                      'You reversed the whole string.', 'whole string reversed')
    checks = (CheckResult('loads', 'mirror(board) is there and loads', 'passed', 0.0, 0.0),
              CheckResult('reverses_each_row', 'mirror reverses each row', 'failed', 0.0, 2.0,
                          finding=finding),
              CheckResult('own_inverse', 'mirroring twice gives the board back', 'skipped',
                          0.0, 1.0, reason='needs "mirror reverses each row" to pass first'))
    return ExerciseResult('mirror', points, 3.0, checks, misconception='whole string reversed',
                          flags=(Flag('hard-coded', 'mirror knows only a few boards'),))


def right(exercise: str, worth: float) -> ExerciseResult:
    checks = (CheckResult('loads', f'{exercise} is there and loads', 'passed', 0.0, 0.0),
              CheckResult('agrees', f'{exercise} agrees with the reference', 'passed', worth,
                          worth))
    return ExerciseResult(exercise, worth, worth, checks)


def record(source: str, mirror: ExerciseResult | None = None,
           notes: tuple[str, ...] = ()) -> SubmissionResult:
    """Full marks for every exercise of the registry, but for the mirror given."""
    exercises = tuple(mirror if name == 'mirror' and mirror else
                      right(name, DEFAULT_POINTS[name]) for name in EXERCISE_NAMES)
    return SubmissionResult(source, exercises, '0.1.0', 0, 'process-group', notes)


def batch_of(*results: SubmissionResult, names: dict[str, str] | None = None) -> Batch:
    names = names or {}
    graded = tuple(Graded(Student(r.source, Path(r.source), name=names.get(r.source, '')), r,
                          0.1) for r in results)
    found = Found('folders', tuple(g.student for g in graded), stray=('notes.txt: not a '
                                                                       'submission',))
    return Batch(found, graded, Config(), 'process-group', 1.0)


def snapshot(out: Path) -> dict[str, bytes]:
    """Every file a run wrote into OUT, by its path there, but for the cache."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob('*'))
            if p.is_file() and '.cache' not in p.parts}
