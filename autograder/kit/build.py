"""What a teacher hands out to students: the kit, and a checker without the answers.

`hexgrade kit --out DIR` writes the student's folder (the three stubs, the lesson's
game file and the test file students run with pytest) and, in `checker/`, a wheel of
hexgrade that a student installs to run `hexgrade check` and `pytest` there. The
wheel is this very grader, with the same checks, hints and sandbox, but for what a
student must never read:

- the model answers (`solutions/`, which the teacher's wheel carries for nbgrader),
- the reference's searches (`hexapawn_ref.positions`, `hexapawn_ref.players`, and the
  ways of counting boxes in `reference.recording`): the grader reads their results as
  facts (`reference/facts.json`, data for the finite domains), never runs them,
- the sample class, whose pieces include right answers in many styles.

The wheel is written here, file by file (a wheel is a zip with a little metadata), so
it needs no build tool and no network: the student's `pip install` fetches only
hexgrade's own dependencies.
"""
from __future__ import annotations

import base64
import hashlib
import io
import shutil
import zipfile
from pathlib import Path

from autograder import __version__
from autograder.exercises import EXERCISES
from autograder.kit.paths import KIT

PACKAGE = Path(__file__).resolve().parents[1]
REFERENCE = PACKAGE.parent / 'hexapawn_ref'
VERSION = f'{__version__}+kit'  # a local version: the teacher's own hexgrade is not it
KIT_FILES = tuple(exercise.filename for exercise in EXERCISES) + ('hexapawn.py',
                                                                 'test_exercises.py')
# what of the grader a student's checker leaves out, as paths under the package
LEFT_OUT = ('sample_class', 'reference/recording.py', 'kit_files/solutions', '__pycache__')
# of the reference, only the rules (what the lesson's game file gives every student)
REFERENCE_KEPT = ('__init__.py', 'rules.py', 'variants.py')
REQUIRES = ('hypothesis==6.155.2', 'pytest>=8')
WHEEL_NAME = f'hexgrade-{VERSION}-py3-none-any.whl'
INFO = f'hexgrade-{VERSION}.dist-info'


def write_kit(out: Path) -> list[Path]:
    """Write the student's kit into `out` (made if need be); the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in KIT_FILES:
        written.append(Path(shutil.copy2(KIT / name, out / name)))
    (out / 'checker').mkdir(exist_ok=True)
    written.append(write_checker(out / 'checker' / WHEEL_NAME))
    readme = out / 'README.txt'
    files = [exercise.filename for exercise in EXERCISES]
    readme.write_text(STUDENT_README.format(wheel=f'checker/{WHEEL_NAME}',
                                            files=', '.join(files[:-1]) + ' and ' + files[-1]),
                      encoding='utf-8')
    written.append(readme)
    return written


def checker_files() -> dict[str, bytes]:
    """Every file the checker's wheel installs, by its path in site-packages."""
    files: dict[str, bytes] = {}
    for path in sorted(PACKAGE.rglob('*')):
        relative = path.relative_to(PACKAGE).as_posix()
        if path.is_file() and not _left_out(relative) and path.suffix != '.pyc':
            files[f'autograder/{relative}'] = path.read_bytes()
    for name in KIT_FILES:  # the kit, as the grader finds it in an installed hexgrade
        files[f'autograder/kit_files/exercises/{name}'] = (KIT / name).read_bytes()
    for name in REFERENCE_KEPT:
        files[f'hexapawn_ref/{name}'] = (REFERENCE / name).read_bytes()
    return files


def _left_out(relative: str) -> bool:
    return any(relative == part or relative.startswith(part + '/') or f'/{part}/' in
               f'/{relative}' for part in LEFT_OUT)


def write_checker(target: Path) -> Path:
    """The checker's wheel, written to `target`."""
    files = checker_files()
    files[f'{INFO}/METADATA'] = _metadata().encode()
    files[f'{INFO}/WHEEL'] = (b'Wheel-Version: 1.0\nGenerator: hexgrade kit\n'
                              b'Root-Is-Purelib: true\nTag: py3-none-any\n')
    files[f'{INFO}/entry_points.txt'] = b'[console_scripts]\nhexgrade = autograder.cli:run\n'
    files[f'{INFO}/top_level.txt'] = b'autograder\nhexapawn_ref\n'
    record = io.StringIO()
    for name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=')
        record.write(f'{name},sha256={digest.decode()},{len(data)}\n')
    record.write(f'{INFO}/RECORD,,\n')
    files[f'{INFO}/RECORD'] = record.getvalue().encode()
    with zipfile.ZipFile(target, 'w', zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), data,
                           zipfile.ZIP_DEFLATED)
    return target


def _metadata() -> str:
    requires = ''.join(f'Requires-Dist: {dependency}\n' for dependency in REQUIRES)
    return (f'Metadata-Version: 2.1\nName: hexgrade\nVersion: {VERSION}\n'
            f'Summary: The hexapawn exercises checker, for students (no model answers)\n'
            f'Requires-Python: >=3.11\n{requires}')


STUDENT_README = '''\
The hexapawn exercises
======================

This folder holds your exercises, a file each: {files}.
Each starts with what to write and an example. hexapawn.py is the lesson's game
file: import what you need from it. test_exercises.py runs the checks with pytest.

Once, in a terminal in this folder, install the checker (it needs Python 3.11 or
later, and downloads hexgrade's own helpers, Hypothesis and pytest):

    python3 -m venv .venv
    . .venv/bin/activate          (Windows: .venv\\Scripts\\activate)
    pip install {wheel}

Then, after each change, check your work:

    hexgrade check .

Read the first FAIL: what was checked, the call that went wrong (paste it into
Python to see for yourself), the board, what was expected and what came back, and
a hint. When every check passes, it says "All checks passed." Hand the files in
to your teacher; your grade comes from their run, not from this one.

Your code is run with Python's standard library only (no numpy or other packages).
'''
