"""A Jupyter notebook as Python source: its code cells, in order, as blocks that
`sections` cuts into one section per exercise.

Only the cells' sources are read: stored outputs (a plot, a long printout) are
dropped as the JSON is read and never count towards a size limit. IPython's
magics and shell lines are made inert, never a syntax error.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from autograder.checking.failures import Failure
# the call a `%%writefile` cell becomes: a function the child gives every file it loads,
# which writes into its own folder (the statement travels as an import does)
from autograder.submission.sections import (STAR, WRITE_FILE, Block, named_by, parse_block,
                                            unparsed_block)

# cell magics whose body is Python, run once here as the student's kernel would run it
PYTHON_CELL_MAGICS = ('time', 'timeit', 'capture', 'prun', 'debug')
HEADING = re.compile(r'^ {0,3}#{1,6}\s')
# `%timeit f()`, `!ls -l`: a magic names itself right after its `%`, a shell line its
# command right after its `!`; `% tuple(rows))` or `!= x` continuing a line are Python
MAGIC = re.compile(r'^(%%?[A-Za-z_]|![A-Za-z_./~-])')
# `files = !ls`, `out = %sx ls`: a shell line or magic whose output is assigned
ASSIGNED_MAGIC = re.compile(r'^[\w.,\s\[\]()]+=\s*(%[A-Za-z_]|![A-Za-z_./~-])')
HELP = re.compile(r'^(\?\??[\w.]+|[\w.]+\?\??)$')
MAX_CELLS = 5000  # a lesson's notebook has dozens
TOO_MANY = 'it holds more cells and outputs than the grader reads of a notebook'


@dataclass(frozen=True)
class Notebook:
    """The code cells joined into one text, and each cell's place in it."""

    text: str
    blocks: tuple[Block, ...]


def read_notebook(text: str, name: str, titles: Mapping[str, Sequence[str]] | None = None
                  ) -> Notebook:
    """The notebook's code cells as one text and as blocks, headed by the markdown
    heading that names an exercise above them."""
    try:
        cells = _cells(json.loads(text))
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        raise Failure(f'{name} is not a notebook that can be read ({_reason(exc)})') from None
    if len(cells) > MAX_CELLS:
        raise Failure(f'{name} is not a notebook that can be read ({TOO_MANY})')
    parts: list[str] = []
    blocks: list[Block] = []
    line = 1
    heading: str | None = None
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict):
            continue
        kind = cell.get('cell_type')
        source = _source(cell.get('source', cell.get('input')))  # nbformat 3 says input
        if kind == 'heading':  # nbformat 3's own heading cells: a level and a title
            level = cell.get('level')
            source = '#' * (level if type(level) is int and 0 < level <= 6 else 1) + \
                ' ' + source
            kind = 'markdown'
        if kind == 'markdown':
            heading = _heading(source, titles or {}) or heading
            continue
        if kind != 'code' or _nbgrader_test(cell):
            continue
        code = python_of(source.rstrip('\n'))
        lines = code.count('\n') + 1
        statements = parse_block(code, line)
        blocks.append(Block(line, line + lines - 1, number, heading, statements)
                      if statements is not None else
                      unparsed_block(line, line + lines - 1, code, number, heading))
        parts.append(code)
        line += lines + 1  # a blank line between two cells
        heading = None
    return Notebook('\n\n'.join(parts) + '\n', tuple(blocks))


def _cells(notebook: Any) -> list[Any]:
    """A notebook's cells: nbformat 4's list, or nbformat 3's, inside its worksheets
    (which Jupyter still opens)."""
    if not isinstance(notebook, dict):
        raise TypeError
    if 'cells' not in notebook and isinstance(notebook.get('worksheets'), list):
        cells = [cell for sheet in notebook['worksheets'] if isinstance(sheet, dict)
                 for cell in sheet.get('cells') or [] if isinstance(sheet.get('cells'), list)]
    else:
        cells = notebook['cells']
    if not isinstance(cells, list):
        raise TypeError
    return cells


def notebook_source(text: str, name: str) -> str:
    """The code cells joined, with IPython's magics and shell lines made inert."""
    return read_notebook(text, name).text


def python_of(cell: str) -> str:
    """A cell as Python: a line magic, shell line or help request becomes `pass` at its
    own indentation, so blocks and line numbers stay as the student wrote them. A cell
    magic of another language leaves its cell blank; `%%time` and its kind keep their
    Python body. Two magics do what Jupyter does with them: `%%writefile NAME` writes
    its cell into the child's own folder, where `import` finds it (see `WRITE_FILE`),
    and `%run NAME.py` runs that file into the notebook's names, as `from NAME import
    *` does (the lesson's game file, or the student's own file handed in beside)."""
    lines = cell.split('\n')
    first = lines[0].strip()
    if first.startswith('%%'):
        words = first[2:].split()
        magic = words[0] if words else ''
        if magic == 'writefile':
            return _writefile(words[1:], lines)
        if magic not in PYTHON_CELL_MAGICS:
            return '\n'.join('' for _ in lines)
        lines[0] = ''
    return '\n'.join(_inert(line) for line in lines)


RUN = re.compile(r'%run\s+(?:-\w+\s+)*([A-Za-z_]\w*)\.py\b')


def _writefile(words: list[str], lines: list[str]) -> str:
    """The cell as one call that writes its body (the lines after the magic) to the
    file it names; blank where it names none. The call stands on the magic's line and
    the body's lines stay blank, so line numbers keep their places."""
    append = '-a' in words or '--append' in words
    names = [word for word in words if not word.startswith('-')]
    if len(names) != 1:
        return '\n'.join('' for _ in lines)
    body = '\n'.join(lines[1:]) + '\n'
    call = f'{WRITE_FILE}({names[0]!r}, {body!r}, {append!r})'
    return '\n'.join([call] + ['' for _ in lines[1:]])


def _inert(line: str) -> str:
    stripped = line.strip()
    indent = line[:len(line) - len(line.lstrip())]
    ran = RUN.fullmatch(stripped.split('  #')[0].strip()) or RUN.match(stripped)
    if ran:
        return f'{indent}from {ran[1]} import *'
    if MAGIC.match(stripped) or ASSIGNED_MAGIC.match(stripped) or HELP.match(stripped):
        return indent + 'pass'
    return line


def _heading(source: str, titles: Mapping[str, Sequence[str]]) -> str | None:
    """The exercise a markdown cell's first heading naming one exercise names."""
    for line in source.split('\n'):
        if titles and (HEADING.match(line) or STAR in line):
            named = named_by(line.lstrip(' #'), titles)
            if named:
                return named
    return None


def _source(raw: Any) -> str:
    text = ''.join(str(part) for part in raw) if isinstance(raw, list) else \
        raw if isinstance(raw, str) else ''
    return text.replace('\r\n', '\n').replace('\r', '\n')


def _nbgrader_test(cell: dict[str, Any]) -> bool:
    """An nbgrader autograded test cell: the teacher's code, not the student's."""
    meta = cell.get('metadata')
    marks = meta.get('nbgrader') if isinstance(meta, dict) else None
    return isinstance(marks, dict) and bool(marks.get('grade')) and not marks.get('solution')


def _reason(exc: Exception) -> str:
    if isinstance(exc, RecursionError):
        return 'it nests too deep to read'
    if isinstance(exc, ValueError):
        return 'it is not valid JSON'
    return 'it has no list of cells'


# -- the newest cell run for one exercise (nbgrader's grading cells) --------------------

def cells_for(cells: list[str], exercise: str, exercises: Sequence[str]) -> list[str]:
    """The cells that concern `exercise`, in order. Its own cells are those that
    define its function and no other exercise's; a cell defining several counts
    only when no cell of its own does (everything written in one cell, say)."""
    others = [name for name in exercises if name != exercise]
    mine = [cell for cell in cells if defines(cell, exercise)]
    own = [cell for cell in mine if not any(defines(cell, name) for name in others)]
    chosen = own or mine
    return [cell for cell in cells
            if cell in chosen or not any(defines(cell, name) for name in exercises)]


def defines(source: str, function: str) -> bool:
    """Whether `source` defines `function` at its top level. A pattern, not a parse,
    so that a cell with a syntax error still counts (and its error is reported)."""
    return re.search(rf'^def[ \t]+{re.escape(function)}[ \t]*\(', source,
                     re.MULTILINE) is not None
