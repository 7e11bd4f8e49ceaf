"""Which grader.toml a grade uses: the teacher's, never the submission's.

Points, limits and what students see are the teacher's to set. A harness such as
Gradescope's runs the grader inside the student's folder, where a grader.toml the
student wrote would otherwise be "the one in the current folder" and could give
them 1000 points. So a grader.toml is taken from the current folder only when
that folder (and the file itself, wherever a link may lead) lies outside what is
graded; a file named with --config is always the teacher's choice.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

LOCAL = 'grader.toml'


@dataclass(frozen=True)
class Choice:
    path: Path | None  # None: the built-in defaults
    said: str  # one line for the person grading: where the settings came from


def choose(explicit: Path | None, graded: Path | None, here: Path | None = None
           ) -> Choice:
    """The settings file for grading `graded` (None: nothing of a student's)."""
    if explicit is not None:
        return Choice(explicit, f'settings from {explicit}')
    local = (here or Path.cwd()) / LOCAL
    if not local.is_file():
        return Choice(None, 'settings from the built-in defaults')
    shown = local if here is not None else Path(LOCAL)
    if graded is not None and _inside(local, graded):
        return Choice(None, f'settings from the built-in defaults: {shown} is in what is '
                            f'being graded, so it was not read')
    return Choice(shown, f'settings from {shown}')


def _inside(local: Path, graded: Path) -> bool:
    # one file handed in: the folder it came in is the student's too
    area = (graded if graded.is_dir() else graded.parent).resolve()
    return any(place.is_relative_to(area) for place in (local.parent.resolve(),
                                                         local.resolve()))
