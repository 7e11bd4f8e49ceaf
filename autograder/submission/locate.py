"""Finding each exercise's source in what a student handed in.

A submission is a folder holding any of the exercise files, one `.py` file holding
any of the functions, or a notebook, read once into a snapshot (see `snapshot`): what
is found here is found in that snapshot, never read again from the student's files.
A file that serves several exercises is cut into one section per exercise (see
`sections`). Each exercise gets its own source text, or a plain reason why there is
none; one exercise's problem never stops the others.
"""
from __future__ import annotations

import difflib
import re
import tokenize
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath
from typing import Union

from autograder.checking.failures import Failure
from autograder.exercises import BY_NAME
from autograder.kit.paths import KIT
from autograder.submission.json_cost import parsing_cost
from autograder.submission.notebooks import TOO_MANY, read_notebook
from autograder.submission.sections import (Bindings, Block, bindings_in, bindings_of, cut,
                                            definitions_only, parse_block, py_blocks)
from autograder.submission.snapshot import (MAX_BYTES, MAX_NOTEBOOK_BYTES, TOO_MUCH, Snapshot,
                                            graded_name, take)
from autograder.submission.tries import without_tries

KIT_FILES = frozenset({'hexapawn.py'})
MAX_MODULES = 5                  # the student's own files one file may import
# what reading a notebook's JSON may cost in memory, weighed before it is read (see
# `json_cost`): a notebook of the largest size, its outputs mostly pictures, costs some
# 70 MiB; one of millions of empty cells or objects costs gigabytes
MAX_NOTEBOOK_COST = 160 * 1024 * 1024


@dataclass(frozen=True)
class Source:
    text: str
    filename: str
    # where the text came from, when it is a section of a larger file (cells or lines)
    blocks: tuple[Block, ...] = field(default=(), compare=False)
    origin: str | None = None
    # the student's own modules this file imports (`from mirror import mirror`)
    modules: tuple[tuple[str, str], ...] = ()
    # a notebook's cells as line ranges: each runs on its own when loaded, as in Jupyter
    cells: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    # the places in `cells` of those carried from other sections (see `Section`)
    carried: tuple[int, ...] = field(default=(), compare=False)
    # the name the file was handed in under, when it was graded as `filename` (see
    # `locate`)
    renamed: str | None = None
    # where the top level of `text` binds each name, when the cutting parsed `text`
    # itself (see `bound`)
    bindings: Bindings | None = field(default=None, compare=False)

    def bound(self) -> Bindings:
        """Where the top level of the text binds each name: from the cut's own parse
        where that was of this text, else parsed now (never read from the child)."""
        return self.bindings if self.bindings is not None else bindings_of(self.text)

    def place(self, line: int) -> str:
        """A line of the text as the student finds it: 'line 2 of cell 5' in a
        notebook, 'line 12' in a file."""
        for block in self.blocks:
            if block.number is not None and block.first <= line <= block.last:
                return f'line {line - block.first + 1} of cell {block.number}'
        return f'line {line}'


@dataclass(frozen=True)
class Missing:
    reason: str
    hint: str | None = field(default=None, compare=False)  # what to do about it


Located = Union[Source, Missing]


def locate(where: Path | Snapshot, exercises: tuple[str, ...], names: bool = False
           ) -> dict[str, Located]:
    """Each exercise's source in a submission (read now, when given as a path), or why
    it has none. With `names`, a file named the way a browser or a computer names a
    file it saves (`Mirror.py`, `mirror (1).py`, `mirror.PY`, `mirror.py.txt`), when it
    is the only one, is graded as the file it stands for, with a note: a teacher's
    grading, where a student should not lose marks for a name they did not choose.
    Without, the student is told to rename it (`hexgrade check`, on their own work)."""
    snapshot = where if isinstance(where, Snapshot) else take(where)
    if snapshot.folder:
        return _from_folder(snapshot, exercises, names)
    return _one_file(snapshot, snapshot.entries[0][0], exercises, alone=True)


def _from_folder(snapshot: Snapshot, exercises: tuple[str, ...], names: bool
                 ) -> dict[str, Located]:
    files = sorted(name for name, kind in snapshot.entries
                   if kind == 'file' and PurePath(name).suffix in ('.py', '.ipynb'))
    links = {name for name, kind in snapshot.entries if kind == 'link'}
    located: dict[str, Located] = {}
    shared: dict[str, dict[str, Located]] = {}  # one file for all: read and cut once
    for name in exercises:
        wanted = f'{name}.py'
        renamed = _saved_as(wanted, snapshot) if names and wanted not in files else None
        if wanted in links:
            located[name] = Missing(f'{wanted} is a link to another file, which is not '
                                    f'graded', f'Hand in {wanted} itself, not a link to it.')
        elif wanted in files:  # cut too: it may hold other exercises' answers
            own = _one_file(snapshot, wanted, exercises, alone=False, only=name)[name]
            located[name] = _with_modules(own, snapshot, files)
        elif renamed is not None:
            own = _with_modules(_one_file(snapshot, renamed, exercises, alone=False,
                                          only=name, as_name=wanted)[name], snapshot, files)
            located[name] = replace(own, renamed=renamed) if isinstance(own, Source) else own
        else:
            located[name] = _without_own_file(name, snapshot, files, exercises, shared)
    return located


# what a browser or an operating system adds to a file's name when it saves it: the
# case changed, a copy's number, ".txt" after the suffix
SAVED_AS = re.compile(r'(?P<stem>.+?)(?:[ _-]?\(\d+\)|-\d+| copy| - Copy)?'
                      r'(?P<suffix>\.py)(?:\.txt)?', re.IGNORECASE)


def _saved_as(wanted: str, snapshot: Snapshot) -> str | None:
    """The one file of the folder that is `wanted` under a name chosen for it (see
    `locate`); None when there is none, or several."""
    stem = PurePath(wanted).stem
    found = [name for name, kind in snapshot.entries if kind == 'file' and name != wanted
             and (match := SAVED_AS.fullmatch(name)) and match['stem'].lower() == stem]
    return found[0] if len(found) == 1 else None


def _without_own_file(name: str, snapshot: Snapshot, files: list[str],
                      exercises: tuple[str, ...], shared: dict[str, dict[str, Located]]
                      ) -> Located:
    """With no `<name>.py`: a single file holding everything (cut once for all the
    exercises, kept in `shared`), else a helpful reason."""
    others = [f for f in files if f not in KIT_FILES and not f.startswith('test_')
              and PurePath(f).stem not in exercises]
    if len(others) == 1 and not any(f'{e}.py' in files for e in exercises):
        if others[0] not in shared:
            shared[others[0]] = _one_file(snapshot, others[0], exercises, alone=False)
        return shared[others[0]][name]
    wanted = f'{name}.py'
    saved = _saved_as(wanted, snapshot)
    named = [n for n, kind in snapshot.entries if kind == 'file' and graded_name(n)
             and n not in KIT_FILES and not n.startswith('test_')]
    close = [saved] if saved else difflib.get_close_matches(
        wanted.lower(), [f.lower() for f in named], n=1)
    if close:
        actual = next(f for f in named if f.lower() == close[0].lower())
        return Missing(f'there is no {wanted}: did you mean to name {actual} {wanted}?',
                       f'Rename {actual} to {wanted}, then check again.')
    zips = [n for n, kind in snapshot.entries if kind == 'file' and '/' not in n
            and n.lower().endswith('.zip')]
    if zips and not files:  # a teacher's `grade` opens it; a student unzips it
        return Missing(f'there is no {wanted} here, only {zips[0]}',
                       f'Unzip {zips[0]} into this folder, then check again.')
    return Missing(f'there is no {wanted} here', _write_it(name))


def _write_it(name: str) -> str:
    exercise = BY_NAME.get(name)
    signature = exercise.signature if exercise else name
    return f'Write {signature} in {name}.py, then check again.'


# -- one file for several exercises ---------------------------------------------------

def _one_file(snapshot: Snapshot, filename: str, exercises: tuple[str, ...], alone: bool,
              only: str | None = None, as_name: str | None = None) -> dict[str, Located]:
    """Each exercise's section of one file (with `only`, that exercise's alone: the
    file is still cut at every exercise). A `.py` file named for an exercise (a
    folder's `count_boxes.py`, or `hexgrade check mirror.py`) is that exercise's file,
    run whole as Python runs it, whatever else it defines (the student's own winner,
    reused as a helper); given alone, the others were simply not handed in."""
    text = _text(PurePath(filename), snapshot.content(filename))
    path = PurePath(as_name or filename)  # a file saved under a name chosen for it
    if isinstance(text, Missing):
        return {name: text for name in exercises}
    titles = {name: BY_NAME[name].titles if name in BY_NAME else (name,)
              for name in exercises}
    if path.suffix == '.ipynb':
        try:
            notebook = read_notebook(text, path.name, titles)
        except Failure as failure:
            return {name: Missing(failure.summary) for name in exercises}
        text, blocks = notebook.text, notebook.blocks
        if len(text) > MAX_BYTES:
            return {name: _too_large(path) for name in exercises}
    else:
        blocks = tuple(py_blocks(text, titles))
    own = path.stem if path.suffix == '.py' and path.stem in exercises else None
    # a file named for an exercise is not cut: sections are for a notebook, or one
    # file that holds the exercises
    sections = {} if own is not None else cut(text, blocks, exercises, BORROWED)
    located: dict[str, Located] = {}
    cells = tuple((b.first, b.last) for b in blocks if b.number is not None)
    for name in exercises if only is None else (only,):
        section = sections.get(name)
        if alone and own is not None and name != own:
            # `hexgrade check count_boxes.py`: its helpers (a mirror among them) are
            # not the student's answers to the other exercises
            located[name] = Missing(f'not handed in: only {path.name} was checked',
                                    _write_it(name))
        elif section is not None and len(sections) > 1:
            located[name] = Source(without_tries(section.text, name, section.chunks),
                                   path.name, blocks,
                                   _origin(section.blocks, path.name, path.suffix),
                                   cells=section.chunks, carried=section.carried)
        elif section is not None or not sections:
            # the bindings of the text as handed in: a try binds no name
            located[name] = Source(without_tries(text, name, cells), path.name, blocks,
                                   cells=cells, bindings=_bindings(text, blocks))
        else:
            rest = definitions_only(text, blocks, name, BORROWED)
            located[name] = Source(rest.text, path.name, blocks, cells=rest.chunks,
                                   carried=rest.carried)
    return located


def _bindings(text: str, blocks: tuple[Block, ...]) -> Bindings | None:
    """Where the top level of `text` binds each name, read from its blocks when they are
    the statements of `text` parsed whole (a `.py` file that parses); None otherwise
    (a notebook's cells, a file cut where it does not parse)."""
    statements = [statement for block in blocks for statement in block.statements or ()]
    nodes = [s.node for s in statements if s.text is text and s.start == 1 and s.node]
    if any(block.statements is None for block in blocks) or len(nodes) != len(statements):
        return None
    return bindings_in(nodes)


def _origin(blocks: tuple[Block, ...], filename: str, suffix: str) -> str:
    """Which cells (or lines) an exercise was graded from, for its feedback."""
    numbers = [b.number for b in blocks if b.number is not None]
    if suffix == '.ipynb' and numbers:
        cells = f'cell {numbers[0]}' if len(numbers) == 1 else \
            f'cells {numbers[0]}-{numbers[-1]}'
        return (f'graded from {cells} of {filename} (cells counted from the top), '
                f'with the imports and definitions above them')
    first, last = blocks[0].first, blocks[-1].last
    return (f'graded from lines {first}-{last} of {filename}, with the imports and '
            f'definitions above them')


def _kit_helpers() -> frozenset[tuple[str, str]]:
    """The exercises' functions the kit's stubs define as helpers of another exercise
    (count_boxes.py brings its own mirror), by name and shape: a copy of one is the
    kit's code, never a student's answer."""
    found = set()
    for exercise in BY_NAME:
        try:
            text = (KIT / f'{exercise}.py').read_text(encoding='utf-8')
        except OSError:
            continue
        for statement in parse_block(text, 1) or ():
            if statement.kind == 'function' and statement.names[0] in BY_NAME and \
                    statement.names[0] != exercise:
                found.add((statement.names[0], statement.shape))
    return frozenset(found)


BORROWED = _kit_helpers()  # read at import, before any thread parses

IMPORT = re.compile(r'^\s*(?:from\s+(\w+)\s+import|import\s+(\w+))', re.MULTILINE)


def _with_modules(located: Located, snapshot: Snapshot, files: list[str]) -> Located:
    """The student's own exercise files that this one imports, to be importable beside
    it in its child, as they would be in the student's folder."""
    if not isinstance(located, Source):
        return located
    wanted = {a or b for a, b in IMPORT.findall(located.text)}
    modules = []
    for name in sorted(wanted)[:MAX_MODULES]:
        filename = f'{name}.py'
        if filename not in files or filename == located.filename or filename in KIT_FILES:
            continue
        text = _text(PurePath(filename), snapshot.content(filename))
        if isinstance(text, str):
            modules.append((name, text))
    return replace(located, modules=tuple(modules)) if modules else located


# -- a file's text ----------------------------------------------------------------------

def _text(path: PurePath, data: bytes | str | None) -> str | Missing:
    """The text of a file of the snapshot (`data`: its bytes, or why they were not
    read), or why it cannot be had."""
    limit = MAX_NOTEBOOK_BYTES if path.suffix == '.ipynb' else MAX_BYTES
    if data is None:
        return Missing(f'{path.name} could not be read')
    if isinstance(data, str):
        if data == 'link':
            return Missing(f'{path.name} is a link to another file, which is not graded',
                           f'Hand in {path.name} itself, not a link to it.')
        if data == 'too large':
            return _too_large(path, limit)
        if data == TOO_MUCH:
            return Missing(f'{path.name} was not read: {TOO_MUCH}')
        return Missing(f'{path.name} {data}')
    if not data.strip():
        return Missing(f'{path.name} is empty', f'Write your answer in {path.name}, save '
                                               f'it, then check again.')
    if path.suffix == '.ipynb' and parsing_cost(data) > MAX_NOTEBOOK_COST:
        return Missing(f'{path.name} is not a notebook that can be read ({TOO_MANY})')
    encoding = _declared(data) if path.suffix == '.py' else 'utf-8-sig'
    try:
        text = data.decode(encoding or 'utf-8-sig')
    except (UnicodeDecodeError, LookupError) as exc:
        named = f' {encoding} text, as its coding line says,' if encoding else ' UTF-8 text'
        if not isinstance(exc, UnicodeDecodeError):
            return Missing(f'{path.name} declares an encoding Python does not know '
                           f'({encoding}); save it as UTF-8',
                           'Most editors have "Save with encoding": choose UTF-8.')
        line = data[:exc.start].count(b'\n') + 1
        return Missing(f'{path.name} is not{named} (byte 0x{data[exc.start]:02x} on '
                       f'line {line}); save it as UTF-8',
                       'Most editors have "Save with encoding": choose UTF-8.')
    return text.replace('\r\n', '\n').replace('\r', '\n')


def _declared(data: bytes) -> str | None:
    """The encoding a `.py` file's coding line names (PEP 263: `# -*- coding: latin-1
    -*-` on its first or second line), as Python runs the file; None where it names
    none, or UTF-8 (read as UTF-8, a byte order mark allowed)."""
    lines = iter(data.splitlines(keepends=True)[:2])
    try:
        found, _ = tokenize.detect_encoding(lambda: next(lines, b''))
    except SyntaxError as exc:  # a coding line naming no encoding Python knows; or
        named = re.search(r'unknown encoding: (\S+)', str(exc))  # no text at all (UTF-16)
        return named[1] if named else None
    return None if found in ('utf-8', 'utf-8-sig') else found


def _too_large(path: PurePath, limit: int = MAX_BYTES) -> Missing:
    if path.suffix == '.ipynb' and limit == MAX_BYTES:
        return Missing(f'the code in {path.name} is larger than {limit // 1024} KiB')
    return Missing(f'{path.name} is larger than {limit // 1024} KiB')
