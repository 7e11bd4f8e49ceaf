"""Finding each exercise's source in what a student handed in.

A submission is a folder holding any of the exercise files, one `.py` file holding
any of the functions, or a notebook. Each exercise gets its own source text, or a
plain reason why there is none; one exercise's problem never stops the others.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Union

from .errors import UsageError
from .failures import Failure
from .notebook import notebook_source

KIT_FILES = frozenset({'hexapawn.py'})
MAX_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Source:
    text: str
    filename: str


@dataclass(frozen=True)
class Missing:
    reason: str


Located = Union[Source, Missing]


def locate(path: Path, exercises: tuple[str, ...]) -> dict[str, Located]:
    """Each exercise's source under `path`, or why it has none."""
    if path.is_dir():
        return _from_folder(path, exercises)
    if path.is_file():
        if path.suffix not in ('.py', '.ipynb'):
            raise UsageError(f'{path} is neither a .py file nor a .ipynb notebook',
                             tip='give a folder, a .py file or a .ipynb notebook')
        return {name: _read(path, name, exercises) for name in exercises}
    raise UsageError(f'{path} does not exist',
                     tip='give a folder, a .py file or a .ipynb notebook')


def _from_folder(folder: Path, exercises: tuple[str, ...]) -> dict[str, Located]:
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in ('.py', '.ipynb'))
    by_name = {p.name: p for p in files}
    located: dict[str, Located] = {}
    for name in exercises:
        own = by_name.get(f'{name}.py')
        located[name] = _read(own) if own else _without_own_file(name, files, exercises)
    return located


def _without_own_file(name: str, files: list[Path], exercises: tuple[str, ...]) -> Located:
    """With no `<name>.py`: a single file holding everything, else a helpful reason."""
    others = [p for p in files if p.name not in KIT_FILES and not p.name.startswith('test_')
              and p.stem not in exercises]
    if len(others) == 1 and not any(f'{e}.py' in {p.name for p in files} for e in exercises):
        return _read(others[0], name, exercises)
    wanted = f'{name}.py'
    close = difflib.get_close_matches(wanted.lower(), [p.name.lower() for p in others], n=1)
    if close:
        actual = next(p.name for p in others if p.name.lower() == close[0])
        return Missing(f'there is no {wanted}: did you mean to name {actual} {wanted}?')
    return Missing(f'there is no {wanted} here')


def _read(path: Path, exercise: str | None = None, exercises: tuple[str, ...] = ()
          ) -> Located:
    try:
        data = path.read_bytes()[:MAX_BYTES + 1]
    except OSError as exc:
        return Missing(f'{path.name} could not be read ({exc.strerror})')
    if len(data) > MAX_BYTES:
        return Missing(f'{path.name} is larger than {MAX_BYTES // 1024} KiB')
    if not data.strip():
        return Missing(f'{path.name} is empty')
    try:
        text = data.decode('utf-8-sig')
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b'\n') + 1
        return Missing(f'{path.name} is not UTF-8 text (byte 0x{data[exc.start]:02x} on '
                       f'line {line}); save it as UTF-8')
    text = text.replace('\r\n', '\n').replace('\r', '\n')
    if path.suffix == '.ipynb':
        try:
            text = notebook_source(text, path.name, exercise, exercises)
        except Failure as failure:
            return Missing(failure.summary)
    return Source(text, path.name)
