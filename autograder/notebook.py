"""A Jupyter notebook as Python source: its code cells, in order.

Graded for one exercise, a notebook gives the cells that concern it: those that
define its function, and those that define none of the exercises' functions.
Another exercise's cell is left out, so that its helpers (the count_boxes stub
brings its own `mirror`) never stand in for this exercise's function, and a cell
that hangs sinks only the exercise it belongs to."""
from __future__ import annotations

import json
import re
from typing import Any, Sequence

from .failures import Failure


def notebook_source(text: str, name: str, exercise: str | None = None,
                    exercises: Sequence[str] = ()) -> str:
    """The code cells joined, with IPython magics and shell lines made inert; with
    `exercise`, only the cells that concern it (see above).

    A dropped line becomes `pass` at its own indentation, so line numbers and
    blocks stay as the student wrote them."""
    try:
        cells = json.loads(text)['cells']
        sources = [cell['source'] for cell in cells
                   if cell.get('cell_type') == 'code' and not _nbgrader_test(cell)]
    except (ValueError, KeyError, TypeError) as exc:
        raise Failure(f'{name} is not a notebook that can be read ({_reason(exc)})') from None
    blocks = []
    for source in sources:
        cell = ''.join(source) if isinstance(source, list) else str(source)
        if cell.lstrip().startswith('%%'):
            continue  # a cell magic makes the whole cell something other than Python
        blocks.append('\n'.join(_inert(line) for line in cell.splitlines()))
    if exercise is not None:
        blocks = cells_for(blocks, exercise, exercises)
    return '\n\n'.join(blocks) + '\n'


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


def _nbgrader_test(cell: dict[str, Any]) -> bool:
    """An nbgrader autograded test cell: the teacher's code, not the student's."""
    meta = cell.get('metadata')
    marks = meta.get('nbgrader') if isinstance(meta, dict) else None
    return isinstance(marks, dict) and bool(marks.get('grade')) and not marks.get('solution')


def _inert(line: str) -> str:
    stripped = line.lstrip()
    if stripped.startswith(('%', '!')):
        return line[:len(line) - len(stripped)] + 'pass'
    return line


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValueError):
        return 'it is not valid JSON'
    return 'it has no list of cells'
