"""Class downloads from an LMS: a Canvas or Moodle zip, unpacked one folder per student.

Canvas names every file `<name>_<userid>_<submissionid>_<original name>` (with
`_late` after the name when it came late) and renames a resubmitted `mirror.py`
to `mirror-1.py`; Moodle puts each student's files in a folder
`<Full Name>_<id>_assignsubmission_file_`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from autograder.classroom.extract import Rejected, read_zip
from autograder.records import Student, file_stems
from autograder.settings.config import EXERCISE_NAMES
from autograder.submission.safe_files import make_folders

CANVAS = re.compile(r'^(?P<name>.+?)(?P<late>_late)?_(?P<user>\d+)_(?:\d+_)?(?P<file>.+)$',
                    re.IGNORECASE)
MOODLE = re.compile(r'^(?P<name>.+)_(?P<user>\d+)_assignsubmission_(?P<plugin>[a-z]+)_$')
RESUBMITTED = re.compile(r'^(?P<stem>.+)-(?P<number>\d+)(?P<suffix>\.py|\.ipynb)$')


@dataclass
class _Hand:
    """What one student handed in, gathered entry by entry."""

    name: str
    late: bool = False
    files: dict[tuple[str, ...], bytes] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    # Canvas: which resubmission each file came from (0: the first); the newest wins
    rounds: dict[tuple[str, ...], tuple[int, str]] = field(default_factory=dict)


def is_moodle(names: list[str]) -> bool:
    """Whether a zip holding these entry names is a Moodle download (else Canvas)."""
    return any(MOODLE.match(name.replace('\\', '/').split('/')[0]) for name in names)


def canvas_students(path: Path, workdir: Path) -> tuple[list[Student], list[str]]:
    entries, rejected = read_zip(path)
    hands: dict[str, _Hand] = {}
    stray: list[str] = []
    for entry in entries:
        match = CANVAS.match(entry.parts[-1])
        if not match:
            stray.append(f'{"/".join(entry.parts)}: not named the way Canvas names files')
            continue
        hand = hands.setdefault(match['user'], _Hand(match['name']))
        hand.late = hand.late or bool(match['late'])
        original, number = _undo_resubmission_suffix(match['file'])
        if number < hand.rounds.get((original,), (-1, ''))[0]:
            continue  # an older hand-in of a file resubmitted since
        hand.rounds[(original,)] = (number, match['file'])
        hand.files[(original,)] = entry.data
    for hand in hands.values():
        hand.notes += [f'{shown} was graded as {key[0]} (Canvas renames resubmitted files)'
                       for key, (number, shown) in hand.rounds.items() if number > 0]
    _attribute(rejected, hands, stray, lambda shown: CANVAS.match(shown.split('/')[-1]))
    return _write(hands, workdir), stray


def moodle_students(path: Path, workdir: Path) -> tuple[list[Student], list[str]]:
    entries, rejected = read_zip(path)
    hands: dict[str, _Hand] = {}
    stray: list[str] = []
    for entry in entries:
        match = MOODLE.match(entry.parts[0]) if len(entry.parts) > 1 else None
        if not match:
            stray.append(f'{"/".join(entry.parts)}: not in a Moodle submission folder')
            continue
        hand = hands.setdefault(match['user'], _Hand(match['name']))
        if match['plugin'] != 'file':
            hand.notes.append(f'{entry.parts[-1]} ({match["plugin"]} submission) was not '
                              f'graded: only handed-in files are')
            continue
        hand.files[entry.parts[1:]] = entry.data
    _attribute(rejected, hands, stray, lambda shown: MOODLE.match(shown.split('/')[0]))
    return _write(hands, workdir), stray


def _undo_resubmission_suffix(name: str) -> tuple[str, int]:
    """The file's name as the student gave it, and which resubmission it is (0: none)."""
    match = RESUBMITTED.match(name)
    if match and match['stem'] in EXERCISE_NAMES:
        return match['stem'] + match['suffix'], int(match['number'])
    return name, 0


def _attribute(rejected: list[Rejected], hands: dict[str, _Hand], stray: list[str],
               match: object) -> None:
    """A rejected entry goes to its student's notes when its name says whose it is."""
    for item in rejected:
        found = match(item.shown)  # type: ignore[operator]
        note = f'{item.shown} was left out: {item.reason}'
        if found:
            hands.setdefault(found['user'], _Hand(found['name'])).notes.append(note)
        else:
            stray.append(note)


def _write(hands: dict[str, _Hand], workdir: Path) -> list[Student]:
    students = [Student(user, None, name=hand.name) for user, hand in sorted(hands.items())]
    stems = file_stems(students)
    workdir.mkdir(parents=True, exist_ok=True)  # ours: only what comes below is theirs
    written = []
    for student in students:
        hand = hands[student.id]
        folder = make_folders(workdir, (stems[student.id],))
        notes = list(hand.notes)
        for parts, data in sorted(hand.files.items()):
            notes += _write_file(folder, parts, data)
        written.append(Student(student.id, folder, name=hand.name, notes=tuple(notes),
                               late=hand.late))
    return written


def _write_file(folder: Path, parts: tuple[str, ...], data: bytes) -> list[str]:
    try:
        target = make_folders(folder, parts[:-1]) / parts[-1]
        with open(target, 'xb') as stream:  # 'x': never through a file already there
            stream.write(data)
    except OSError as exc:
        return [f'{"/".join(parts)} was left out: it could not be unpacked ({exc.strerror})']
    return []
