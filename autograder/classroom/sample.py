"""The bundled sample class, written out from its roster when it is graded.

`sample_class/roster.toml` names, per student, the piece of code they wrote for
each exercise (a file in `sample_class/pieces/<exercise>/`) and how they handed
it in. Each piece is kept once; this module assembles the submissions.
"""
from __future__ import annotations

import json
import re
import shutil
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autograder.errors import GraderError
from autograder.exercises import EXERCISES
from autograder.settings.config import EXERCISE_NAMES
from autograder.submission.sections import STAR

HOME = Path(__file__).resolve().parent.parent / 'sample_class'
FORMS = ('files', 'one file', 'notebook', 'lesson file', 'lesson notebook')
DAMAGE = ('syntax error', 'endless loop')
DEF_LINE = re.compile(r'^(\s*def [^\n]*\)[^\n:]*):', re.MULTILINE)
ENDLESS = '\n\n# wait until the board is ready (it never is)\nwhile True:\n    pass\n'


@dataclass(frozen=True)
class Hand:
    """One student of the roster: a piece per exercise, and how it was handed in."""

    id: str
    pieces: dict[str, str]
    form: str = 'files'
    rename: dict[str, str] = field(default_factory=dict)
    damage: dict[str, str] = field(default_factory=dict)


def write_sample_class(target: Path, home: Path = HOME) -> Path:
    """Write the sample class into `target` (replacing what is there); `target`."""
    roster = read_roster(home / 'roster.toml')
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for hand in roster:
        sources = {name: _source(hand, name, home / 'pieces') for name in hand.pieces}
        _hand_in(hand, sources, target)
    return target


def read_roster(path: Path) -> list[Hand]:
    try:
        data = tomllib.loads(path.read_text(encoding='utf-8'))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise GraderError(f'the sample class roster {path} cannot be read ({exc})') from None
    return [_hand(entry, path) for entry in data.get('student', [])]


def _hand(entry: dict[str, Any], path: Path) -> Hand:
    known = {'id', 'form', 'rename', 'damage', *EXERCISE_NAMES}
    unknown = sorted(set(entry) - known)
    if unknown or 'id' not in entry:
        what = f'unknown key {unknown[0]}' if unknown else 'no id'
        raise GraderError(f'the sample class roster {path}: a student has {what}')
    hand = Hand(entry['id'], {n: entry[n] for n in EXERCISE_NAMES if n in entry},
                entry.get('form', 'files'), entry.get('rename', {}), entry.get('damage', {}))
    if hand.form not in FORMS:
        raise GraderError(f'the sample class roster {path}: {hand.id} has form '
                          f'{hand.form!r}; it must be one of {", ".join(FORMS)}')
    for damage in hand.damage.values():
        if damage not in DAMAGE:
            raise GraderError(f'the sample class roster {path}: {hand.id} has damage '
                              f'{damage!r}; it must be one of {", ".join(DAMAGE)}')
    return hand


def _source(hand: Hand, exercise: str, pieces: Path) -> str:
    piece = pieces / exercise / f'{hand.pieces[exercise]}.py'
    try:
        text = piece.read_bytes().decode('utf-8')  # bytes: some pieces keep their CRLF
    except OSError:
        raise GraderError(f'the sample class roster gives {hand.id} the piece '
                          f'{exercise}/{piece.name}, which is not in {pieces}') from None
    damage = hand.damage.get(exercise)
    if damage == 'syntax error':
        broken, count = DEF_LINE.subn(r'\1', text, count=1)
        if not count:
            raise GraderError(f'cannot break {exercise}/{piece.name} for {hand.id}: '
                              f'it has no def line ending in a colon')
        return broken
    if damage == 'endless loop':
        return text + ENDLESS
    return text


def _hand_in(hand: Hand, sources: dict[str, str], target: Path) -> None:
    if hand.form == 'lesson file':
        (target / f'{hand.id}.py').write_text(_lesson_file(sources), encoding='utf-8')
        return
    if hand.form == 'one file':
        # last exercise first: a piece's imports then come before the functions they
        # would otherwise replace; a byte-order mark may stand only at the very start
        joined = '\n\n'.join(sources[n].lstrip('\ufeff') for n in reversed(EXERCISE_NAMES)
                             if n in sources)
        (target / f'{hand.id}.py').write_bytes(joined.encode('utf-8'))
        return
    folder = target / hand.id
    folder.mkdir()
    if hand.form in ('notebook', 'lesson notebook'):
        (folder / 'exercises.ipynb').write_text(_notebook(hand, sources), encoding='utf-8')
        return
    for name, text in sources.items():
        (folder / hand.rename.get(name, f'{name}.py')).write_bytes(text.encode('utf-8'))


def _lesson_file(sources: dict[str, str]) -> str:
    """Everything in one file in the lesson's order, each answer under its stars and
    followed by the line that tries it: count_boxes' helpers (its own mirror among
    them) come after the student's mirror."""
    parts = []
    for stars, exercise in enumerate(EXERCISES, start=1):
        if exercise.name in sources:
            text = sources[exercise.name].lstrip('\ufeff').replace('\r\n', '\n').strip('\n')
            parts.append(f'# {STAR * stars} {exercise.name}\n\n{text}\n\n\n{exercise.tries}')
    return '\n\n\n'.join(parts) + '\n'


def _notebook(hand: Hand, sources: dict[str, str]) -> str:
    cells: list[dict[str, Any]] = [_cell('markdown', f'# Hexapawn exercises\n\nby {hand.id}')]
    lesson = hand.form == 'lesson notebook'
    for stars, exercise in enumerate(EXERCISES, start=1):
        name = exercise.name
        if name in sources:
            cells.append(_cell('markdown', f'## {STAR * stars} {name}' if lesson
                               else f'## {name}'))
            text = sources[name].lstrip('\ufeff').replace('\r\n', '\n')
            cells.append(_cell('code', text.strip('\n')))
            if lesson:  # the line that tries it, in a cell of its own
                cells.append(_cell('code', exercise.tries))
    for number, cell in enumerate(cells):
        cell['id'] = f'cell-{number}'
    notebook = {'cells': cells, 'metadata': {'kernelspec': {
        'display_name': 'Python 3', 'language': 'python', 'name': 'python3'}},
        'nbformat': 4, 'nbformat_minor': 5}
    return json.dumps(notebook, indent=1) + '\n'


def _cell(kind: str, text: str) -> dict[str, Any]:
    lines = text.splitlines(keepends=True)
    if kind == 'markdown':
        return {'cell_type': 'markdown', 'metadata': {}, 'source': lines}
    return {'cell_type': 'code', 'execution_count': None, 'metadata': {}, 'outputs': [],
            'source': lines}
