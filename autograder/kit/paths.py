"""Where the student kit and the model answers live in the project.

The game file (`exercises/hexapawn.py`) is part of the student kit, so a child may
hold it: it is how a student's `from hexapawn import moves` keeps working while
graded. The model answers are for tests and the nbgrader course only; they are
never sent to a child.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from autograder.errors import GraderError, UsageError

PROJECT = Path(__file__).resolve().parents[2]
PACKAGED = Path(__file__).resolve().parents[1] / 'kit_files'  # in a wheel (see setup.py)
KIT = PACKAGED / 'exercises' if (PACKAGED / 'exercises').is_dir() else PROJECT / 'exercises'
SOLUTIONS = PACKAGED / 'solutions' if (PACKAGED / 'solutions').is_dir() \
    else PROJECT / 'solutions'


def teachers_only(what: str) -> None:
    """Stop `what` where hexgrade is a student's checker (see `kit.build`), which has
    neither the model answers nor the sample class: a usage error, never a crash."""
    if not SOLUTIONS.is_dir():
        raise UsageError(f'{what} needs the teacher\'s hexgrade: this one is a student\'s '
                         f'checker, without the model answers or the sample class',
                         tip='install hexgrade from its source folder: pip install -e .')


@lru_cache(maxsize=None)
def game_file() -> str:
    """The source of the lesson's game file, for the child's `import hexapawn`."""
    try:
        return (KIT / 'hexapawn.py').read_text(encoding='utf-8')
    except OSError as exc:
        raise GraderError(f'the game file {KIT / "hexapawn.py"} is missing ({exc.strerror})',
                          tip='reinstall hexgrade: pip install -e . in its source folder') \
            from None


def rules_variants() -> tuple[str, ...]:
    """The sources of the rules a check swaps into the game while a student's function
    runs (see `sandbox.inside.variant`): part of the kit a child may hold, like the game."""
    from hexapawn_ref.variants import NO_CAPTURES
    return (NO_CAPTURES,)
