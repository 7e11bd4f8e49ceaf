"""A Jupyter notebook as one Python source: its code cells, in order."""
from __future__ import annotations

import json

from .failures import Failure


def notebook_source(text: str, name: str) -> str:
    """The code cells joined, with IPython magics and shell lines made inert.

    A dropped line becomes `pass` at its own indentation, so line numbers and
    blocks stay as the student wrote them."""
    try:
        cells = json.loads(text)['cells']
        sources = [cell['source'] for cell in cells if cell.get('cell_type') == 'code']
    except (ValueError, KeyError, TypeError) as exc:
        raise Failure(f'{name} is not a notebook that can be read ({_reason(exc)})') from None
    blocks = []
    for source in sources:
        cell = ''.join(source) if isinstance(source, list) else str(source)
        if cell.lstrip().startswith('%%'):
            continue  # a cell magic makes the whole cell something other than Python
        blocks.append('\n'.join(_inert(line) for line in cell.splitlines()))
    return '\n\n'.join(blocks) + '\n'


def _inert(line: str) -> str:
    stripped = line.lstrip()
    if stripped.startswith(('%', '!')):
        return line[:len(line) - len(stripped)] + 'pass'
    return line


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValueError):
        return 'it is not valid JSON'
    return 'it has no list of cells'
