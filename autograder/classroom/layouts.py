"""Where the students are in CLASS: the five layouts a class can come in.

- folders:  one folder (or one file) per student, named by the student's id;
- flat:     one file per student, all in one folder;
- nbgrader: nbgrader's `submitted/<student>/<assignment>/` tree;
- canvas, moodle: the zip an LMS gives for "download all submissions".
"""
from __future__ import annotations

import zipfile
from dataclasses import replace
from pathlib import Path

from autograder.classroom.lms import canvas_students, is_moodle, moodle_students
from autograder.classroom.screening import screened
from autograder.errors import UsageError
from autograder.records import DEFAULT_ASSIGNMENT, Found, Student, file_stems
from autograder.submission.safe_files import MAX_DEPTH, Refused, listing, read_limited

LAYOUTS = ('folders', 'flat', 'nbgrader', 'canvas', 'moodle')
SUBMISSION_SUFFIXES = ('.py', '.ipynb')
IGNORED = frozenset({'__MACOSX', '__pycache__', 'Thumbs.db'})
TIMESTAMP_BYTES = 256  # nbgrader writes some 30


def find_students(path: Path, layout: str | None, workdir: Path,
                  assignment: str | None = None) -> Found:
    """The students in `path`; zips are unpacked into `workdir`. `assignment` is the
    assignment graded: the one to find in nbgrader's tree, and elsewhere the name the
    gradebooks give it (Canvas's column heading among them)."""
    found = _found(path, layout or detect(path), workdir, assignment)
    if assignment is not None and found.layout != 'nbgrader':
        found = replace(found, assignment=assignment)
    stems = file_stems(found.students)
    root = workdir if found.layout in ('canvas', 'moodle') else path
    return replace(found, students=tuple(screened(s, root, workdir, stems[s.id])
                                         for s in found.students))


def _found(path: Path, chosen: str, workdir: Path, assignment: str | None) -> Found:
    if chosen in ('canvas', 'moodle'):
        if not zipfile.is_zipfile(path):
            raise UsageError(f'{path}: the {chosen} layout needs the zip file the LMS gave '
                             f'you', tip='give the .zip itself, not a folder')
        read = canvas_students if chosen == 'canvas' else moodle_students
        students, stray = read(path, workdir)
        if not students:
            _other_lms(path, chosen)
        return Found(chosen, tuple(_descended(s) for s in students), stray=tuple(stray))
    if not path.is_dir():
        raise UsageError(f'{path}: the {chosen} layout needs a folder')
    if chosen == 'nbgrader':
        return _nbgrader(path, assignment)
    if chosen == 'flat':
        files = [p for p in _visible(path) if p.is_file()]
        stray = [f'{p.name}: a folder, and this class is graded as one file per student'
                 for p in _visible(path) if p.is_dir()]
        return Found('flat', _file_students(files), stray=tuple(stray + _not_python(files)))
    return _folders(path)


def _other_lms(path: Path, chosen: str) -> None:
    """A zip named with the wrong --layout finds nobody: say whose zip it looks like,
    rather than leave the teacher with "no submissions found"."""
    with zipfile.ZipFile(path) as archive:
        shape = 'moodle' if is_moodle(archive.namelist()) else 'canvas'
    if shape != chosen:
        names = {'canvas': 'Canvas', 'moodle': 'Moodle'}
        raise UsageError(f'{path}: no {names[chosen]} submissions in it; it looks like the '
                         f'zip {names[shape]} gives',
                         tip=f'use --layout {shape}, or leave --layout out to have it '
                             f'worked out')


def detect(path: Path) -> str:
    """The layout of `path`, as far as its shape tells."""
    if not path.exists():
        raise UsageError(f'{path}: no such file or folder',
                         tip='give the folder of submissions, or the zip from your LMS')
    if path.is_file():
        if not zipfile.is_zipfile(path):
            raise UsageError(f'{path}: is neither a folder nor a zip file',
                             tip='to grade one submission, use: hexgrade check ' + str(path))
        with zipfile.ZipFile(path) as archive:
            return 'moodle' if is_moodle(archive.namelist()) else 'canvas'
    if (path / 'submitted').is_dir() or path.name == 'submitted':
        return 'nbgrader'
    return 'folders' if any(p.is_dir() for p in _visible(path)) else 'flat'


def _folders(path: Path) -> Found:
    folders = [_descended(Student(p.name, p)) for p in _visible(path) if p.is_dir()]
    files = [p for p in _visible(path) if p.is_file()]
    students = folders + list(_file_students(files, frozenset(s.id for s in folders)))
    return Found('folders', tuple(sorted(students, key=lambda s: s.id)),
                 stray=tuple(_not_python(files)))


def _file_students(files: list[Path], taken: frozenset[str] = frozenset()
                   ) -> tuple[Student, ...]:
    files = [p for p in files if p.suffix in SUBMISSION_SUFFIXES]
    stems = [p.stem for p in files]
    # two files of one student (ada.py and ada.ipynb), or a file beside a folder of the
    # same name, keep their full names as ids, so that no two students share one
    return tuple(Student(p.stem if stems.count(p.stem) == 1 and p.stem not in taken
                         else p.name, p) for p in files)


def _not_python(files: list[Path]) -> list[str]:
    return [f'{p.name}: not a .py file or a .ipynb notebook, so not graded'
            for p in files if p.suffix not in SUBMISSION_SUFFIXES]


def _nbgrader(path: Path, assignment: str | None) -> Found:
    submitted = path if path.name == 'submitted' else path / 'submitted'
    people = [p for p in _visible(submitted) if p.is_dir()]
    names = sorted({name for p in people for name in _folders_in(p)})
    if assignment is None:
        if len(names) > 1:
            raise UsageError(f'{submitted} holds several assignments: {", ".join(names)}',
                             tip='name the one to grade with --assignment')
        assignment = names[0] if names else DEFAULT_ASSIGNMENT
    students = []
    for person in people:
        folder = person / assignment
        if not folder.is_dir():
            students.append(Student(person.name, None,
                                    problem=f'nothing handed in for {assignment}'))
            continue
        when, notes = _timestamp(folder / 'timestamp.txt')
        students.append(_descended(Student(person.name, folder, notes=notes,
                                           timestamp=when)))
    return Found('nbgrader', tuple(students), assignment)


def _timestamp(stamp: Path) -> tuple[str, tuple[str, ...]]:
    """What nbgrader wrote in timestamp.txt, read without following a link."""
    try:
        data = read_limited(stamp, TIMESTAMP_BYTES)
    except FileNotFoundError:
        return '', ()
    except OSError as exc:
        return '', (f'timestamp.txt was not read: {exc.strerror}',)
    return data.decode('utf-8', errors='replace').strip()[:64], ()


def _descended(student: Student) -> Student:
    """A folder holding only one folder (a zipped-up project, say) is graded inside it."""
    folder = student.path
    inner: list[str] = []
    while folder is not None and len(inner) < MAX_DEPTH and not folder.is_symlink() \
            and folder.is_dir():
        try:
            inside = [e for e in listing(folder) if _shown(e.parts[0])]
        except Refused as exc:
            return replace(student, path=None,
                           problem=f'{folder.name}: {exc.strerror}: nothing was graded')
        if any(e.kind == 'file' and Path(e.parts[0]).suffix in SUBMISSION_SUFFIXES
               for e in inside):
            break
        folders = [e.parts[0] for e in inside if e.kind == 'folder']
        if len(folders) != 1:
            break
        inner.append(folders[0])
        folder = folder / folders[0]
    if not inner:
        return student
    note = f'the files were found inside the folder {"/".join(inner)}/'
    return replace(student, path=folder, notes=student.notes + (note,))


def _folders_in(person: Path) -> list[str]:
    try:
        return [e.parts[0] for e in listing(person) if e.kind == 'folder' and _shown(e.parts[0])]
    except Refused:  # their row says so when their assignment is looked for
        return []


def _shown(name: str) -> bool:
    return not name.startswith('.') and name not in IGNORED


def _visible(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if _shown(p.name))
    except OSError as exc:
        raise UsageError(f'{folder}: cannot be read ({exc.strerror})') from None
