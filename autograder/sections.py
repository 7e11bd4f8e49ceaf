"""Cutting a file that holds several exercises into one section per exercise.

A notebook, or one `.py` file, is read as a reader sees it: an exercise's section
runs from its heading (or the block holding the first definition of its function)
to the next exercise's. An exercise is graded from its own section, whole, plus the
imports and definitions that come before it; other top-level statements (a
student's experiments: calls, prints, loops) never run in its child. Definitions
further down that nothing above has bound are kept too, after the section, since a
notebook run from the top would have them by the time it is graded.

The text given for an exercise keeps every line where it stands (a line left out is
blank), so line numbers are those of the whole file, and `Block.place` turns one
into a cell and a line of it.
"""
from __future__ import annotations

import ast
import re
import threading
from dataclasses import dataclass
from typing import Literal, Mapping, Sequence

# a function or class, a plain value, an import, or anything else (which may run long)
Kind = Literal['function', 'value', 'import', 'other']


@dataclass(frozen=True)
class Statement:
    first: int  # lines in the whole text, 1-based, both included
    last: int
    kind: Kind
    names: tuple[str, ...]


@dataclass(frozen=True)
class Block:
    """A notebook cell, or one statement (or unreadable stretch) of a `.py` file."""

    first: int
    last: int
    number: int | None = None       # the cell's number, 1 for the first; None in a .py
    heading: str | None = None      # the exercise a heading just above it names
    statements: tuple[Statement, ...] | None = None  # None: it does not parse
    # what a block that does not parse seems to define (its `def` lines), so that its
    # syntax error is reported for the exercise it was meant for
    seems_to_define: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Section:
    """An exercise's own blocks, and the text to load for it."""

    exercise: str
    blocks: tuple[Block, ...]
    text: str


# one parse at a time: exercises are graded in threads, and CPython's parser is not
# safe to enter from two of them at once
_PARSING = threading.Lock()


def parse_block(text: str, first: int) -> tuple[Statement, ...] | None:
    """The top-level statements of `text`, placed as if it began on line `first`."""
    try:
        with _PARSING:
            tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return tuple(_statement(node, first - 1) for node in tree.body)


def _statement(node: ast.stmt, offset: int) -> Statement:
    top = min([node.lineno] + [d.lineno for d in getattr(node, 'decorator_list', ())])
    last = node.end_lineno or node.lineno
    kind: Kind = 'other'
    names: tuple[str, ...] = ()
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        kind, names = 'function', (node.name,)
    elif isinstance(node, (ast.Import, ast.ImportFrom)):
        kind = 'import'
        names = tuple((a.asname or a.name).split('.')[0] for a in node.names)
    elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None \
            and _plain(node.value):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if all(isinstance(t, ast.Name) for t in targets):
            kind, names = 'value', tuple(t.id for t in targets
                                              if isinstance(t, ast.Name))
    return Statement(top + offset, last + offset, kind, names)


def _plain(value: ast.expr) -> bool:
    """A value written out in full: a constant, or a list, tuple, set or dict of them.
    Such an assignment cannot fail or take time, so it is safe to carry along."""
    if isinstance(value, ast.Constant):
        return True
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, (ast.USub, ast.UAdd)):
        return isinstance(value.operand, ast.Constant)
    if isinstance(value, (ast.List, ast.Tuple, ast.Set)):
        return all(_plain(item) for item in value.elts)
    if isinstance(value, ast.Dict):
        return all(k is not None and _plain(k) for k in value.keys) and \
            all(_plain(v) for v in value.values)
    return False


DEF_LINE = re.compile(r'^(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(', re.MULTILINE)


def unparsed_block(first: int, last: int, text: str, number: int | None = None,
                   heading: str | None = None) -> Block:
    return Block(first, last, number, heading, None, frozenset(DEF_LINE.findall(text)))


def defined_functions(block: Block) -> set[str]:
    """The functions (and classes) a block defines at its top level."""
    if block.statements is None:
        return set(block.seems_to_define)
    return {name for s in block.statements if s.kind == 'function' for name in s.names}


def cut(text: str, blocks: Sequence[Block], exercises: Sequence[str]) -> dict[str, Section]:
    """Each exercise's section of `text`, cut along `blocks` (in order)."""
    starts = _starts(blocks, exercises)
    if not starts:
        return {}
    lines = text.split('\n')
    ordered = sorted(set(starts.values()))
    sections = {}
    for exercise, start in starts.items():
        later = [s for s in ordered if s > start]
        end = later[0] if later else len(blocks)
        kept = _kept_lines(blocks, start, end)
        body = '\n'.join(line if number in kept else ''
                         for number, line in enumerate(lines, start=1))
        sections[exercise] = Section(exercise, tuple(blocks[start:end]), body)
    return sections


def definitions_only(text: str, blocks: Sequence[Block]) -> str:
    """`text` with only its imports and definitions: for an exercise with no section,
    whose loading then runs none of the student's experiments."""
    kept = _kept_lines(blocks, len(blocks), len(blocks))
    return '\n'.join(line if number in kept else ''
                     for number, line in enumerate(text.split('\n'), start=1))


def _starts(blocks: Sequence[Block], exercises: Sequence[str]) -> dict[str, int]:
    """Where each exercise's section starts: its first heading or its first definition,
    whichever comes first."""
    starts: dict[str, int] = {}
    for index, block in enumerate(blocks):
        named = set(defined_functions(block)) & set(exercises)
        if block.heading is not None and block.heading in exercises:
            named.add(block.heading)
        for exercise in named:
            starts.setdefault(exercise, index)
    return starts


def _kept_lines(blocks: Sequence[Block], start: int, end: int) -> set[int]:
    kept: set[int] = set()
    bound: set[str] = set()
    for block in blocks[:end]:
        for statement in block.statements or ():
            bound.update(statement.names)
    for index, block in enumerate(blocks):
        if start <= index < end:
            kept.update(range(block.first, block.last + 1))
            continue
        for statement in block.statements or ():
            if statement.kind == 'other':
                continue
            if index >= end:  # further down: only what nothing above has bound
                if any(name in bound for name in statement.names):
                    continue
                bound.update(statement.names)
            kept.update(range(statement.first, statement.last + 1))
    return kept


# -- headings ---------------------------------------------------------------------

STAR = '\u2605'


def named_by(heading: str, titles: Mapping[str, Sequence[str]]) -> str | None:
    """The one exercise a heading names: by its stars (one for the first exercise, two
    for the second...) or by a title; None when it names none, or several."""
    stars = heading.count(STAR)
    names = list(titles)
    if stars:
        return names[stars - 1] if stars <= len(names) else None
    lowered = heading.lower().replace('-', ' ')
    named = {name for name, words in titles.items() if any(w in lowered for w in words)}
    return named.pop() if len(named) == 1 else None


# -- a .py file as blocks ------------------------------------------------------------

def py_blocks(text: str, titles: Mapping[str, Sequence[str]]) -> list[Block]:
    """A `.py` file as blocks: its top-level statements, each under the last heading
    comment (`# ★★ Who has won?`) above it. A stretch between two headings that does
    not parse is one block, so that its syntax error sinks only its own section."""
    lines = text.split('\n')
    headings = [(number, named_by(line, titles)) for number, line in enumerate(lines, 1)
                if line.startswith('#') and STAR in line]
    bounds = [1] + [number for number, _ in headings if number > 1] + [len(lines) + 1]
    heading_at = dict(headings)
    blocks: list[Block] = []
    for first, end in zip(bounds, bounds[1:]):
        blocks += _chunk_blocks(lines, first, end, heading_at.get(first))
    return blocks


def _chunk_blocks(lines: list[str], first: int, end: int, heading: str | None,
                  split: bool = True) -> list[Block]:
    """The blocks of lines `first` to `end - 1`: a statement each when they parse; else
    the stretches between `def` lines, so that one broken function sinks only itself."""
    chunk = '\n'.join(lines[first - 1:end - 1])
    statements = parse_block(chunk, first)
    if statements is None:
        defs = [first + i for i, line in enumerate(lines[first - 1:end - 1])
                if i and DEF_LINE.match(line)]
        if not split or not defs:
            return [unparsed_block(first, end - 1, chunk, heading=heading)]
        bounds = [first] + defs + [end]
        return [block for i, (start, stop) in enumerate(zip(bounds, bounds[1:]))
                for block in _chunk_blocks(lines, start, stop, heading if i == 0 else None,
                                           split=False)]
    blocks = []
    for statement in statements:
        blocks.append(Block(statement.first, statement.last, heading=heading,
                            statements=(statement,)))
        heading = None
    return blocks
