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
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, Mapping, Sequence

# a function or class, a plain value, an import, or anything else (which may run long)
Kind = Literal['function', 'value', 'import', 'other']
# the call a notebook's `%%writefile` cell becomes (see `notebook_source.python_of`)
WRITE_FILE = '_hexgrade_writefile'


@dataclass(frozen=True)
class Statement:
    first: int  # lines in the whole text, 1-based, both included
    last: int
    kind: Kind
    names: tuple[str, ...]
    node: ast.stmt | None = field(default=None, compare=False, repr=False)
    # the text it was parsed from, which began on line `start`
    text: str = field(default='', compare=False, repr=False)
    start: int = field(default=1, compare=False, repr=False)

    @cached_property
    def shape(self) -> str:
        """A function's code, lines aside: to know a copy of the kit's helper. Worked
        out when asked, for the few functions named as an exercise is."""
        if self.kind != 'function' or not self.node:
            return ''
        return ast.dump(self.node)


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
    """An exercise's own blocks, the text to load for it, and that text's chunks: the
    line ranges that run one after the other, a failure in one not stopping the next
    (a notebook's cells, as in Jupyter; in a `.py` file, each statement carried from
    elsewhere, and the section itself as one). `carried` are the places in `chunks`
    of those carried from other sections: each runs under a short limit of its own,
    and one that fails, hangs or stops the program is left out (see the child's
    `_run_cells`), so that nothing of another section can cost this exercise."""

    exercise: str
    blocks: tuple[Block, ...]
    text: str
    chunks: tuple[tuple[int, int], ...] = ()
    carried: tuple[int, ...] = ()


# one parse at a time: submissions may be graded in several threads (a Dask worker's),
# and CPython's parser is not safe to enter from two of them at once
_PARSING = threading.Lock()


def parse_block(text: str, first: int) -> tuple[Statement, ...] | None:
    """The top-level statements of `text`, placed as if it began on line `first`."""
    body = _top_level(text)
    return None if body is None else tuple(_statement(node, first, text) for node in body)


def _top_level(text: str) -> list[ast.stmt] | None:
    """The top-level statements of `text` as parsed, one parse at a time; None where
    it does not parse."""
    try:
        with _PARSING:
            return ast.parse(text).body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


# where a text's top level binds each name: ('def' or 'import', line) in order, for a
# def, class or assignment, or an import
Bindings = dict[str, tuple[tuple[str, int], ...]]


def bindings_of(text: str) -> Bindings:
    """Where the top level of `text` binds each name; none where it does not parse.
    Worked out here, never read from the child, whose student code could change how
    the child parses (an import of the exercise's function must not go unseen)."""
    body = _top_level(text)
    return {} if body is None else bindings_in(body)


def bindings_in(body: Sequence[ast.stmt]) -> Bindings:
    """Where these top-level statements bind each name."""
    found: dict[str, list[tuple[str, int]]] = {}
    for node in body:
        names: list[str] = []
        kind = 'def'
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names, kind = [alias.asname or alias.name for alias in node.names], 'import'
        for name in names:
            found.setdefault(name, []).append((kind, node.lineno))
    return {name: tuple(places) for name, places in found.items()}


def _statement(node: ast.stmt, first: int, text: str) -> Statement:
    top = min([node.lineno] + [d.lineno for d in getattr(node, 'decorator_list', ())])
    last = node.end_lineno or node.lineno
    kind, names = _kind(node)
    return Statement(top + first - 1, last + first - 1, kind, names, node, text, first)


def _kind(node: ast.stmt) -> tuple[Kind, tuple[str, ...]]:
    """What a top-level statement is, and the names it binds (an 'other' statement's
    too: a name it binds is bound, even where the statement is not carried along)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return 'function', (node.name,)
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return 'import', tuple((a.asname or a.name).split('.')[0] for a in node.names)
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names = tuple(name for target in targets for name in _names(target))
        quick = node.value is not None and not isinstance(node, ast.AugAssign) and \
            _quick(node.value)
        return ('value' if quick and names else 'other'), names
    if isinstance(node, ast.Try) and not node.orelse and not node.finalbody:
        # `try: from functools import cache` / `except ImportError: def cache(f): ...`
        inner = [_kind(sub) for sub in node.body + [s for h in node.handlers for s in h.body]]
        if all(kind in ('function', 'import', 'value') for kind, _ in inner):
            return 'import', tuple(name for _, names in inner for name in names)
    if isinstance(node, ast.If) and _quick(node.test):
        # `if USE_SLICES: def mirror(board): ...` / `else: def mirror(board): ...`: what
        # either way defines, as Python defines it running the file from the top
        inner = [_kind(sub) for sub in node.body + node.orelse]
        if inner and all(kind in ('function', 'import', 'value') for kind, _ in inner):
            functions = any(kind == 'function' for kind, _ in inner)
            return ('function' if functions else 'import'), \
                tuple(dict.fromkeys(name for _, names in inner for name in names))
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and \
            isinstance(node.value.func, ast.Name) and node.value.func.id == WRITE_FILE and \
            node.value.args and isinstance(node.value.args[0], ast.Constant):
        # a notebook's `%%writefile board_tools.py`: it makes what a later import needs
        name = str(node.value.args[0].value)
        return 'import', (name.removesuffix('.py'),)
    return 'other', ()


def _names(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for item in target.elts for name in _names(item)]
    return []  # an item or an attribute: binds no name of its own


# what a carried value may call: builtins that compute from what they are given
QUICK_CALLS = frozenset({'list', 'tuple', 'set', 'frozenset', 'dict', 'range', 'str', 'int',
                         'float', 'bool', 'len', 'sorted', 'reversed', 'zip', 'enumerate',
                         'min', 'max', 'sum', 'abs', 'any', 'all', 'ord', 'chr'})


def _quick(value: ast.expr) -> bool:
    """A value computed from what is written, without calling the student's code or
    anything slow: constants, containers, arithmetic, comprehensions, lambdas, and
    calls of a few builtins. Such an assignment can be carried into every section;
    one that fails (a name not there) fails on its own, as a cell would."""
    for node in ast.walk(value):
        if isinstance(node, ast.Call):
            if not (isinstance(node.func, ast.Name) and node.func.id in QUICK_CALLS):
                return False
        elif isinstance(node, (ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr)):
            return False
    return True


DEF_LINE = re.compile(r'^(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(', re.MULTILINE)


def unparsed_block(first: int, last: int, text: str, number: int | None = None,
                   heading: str | None = None) -> Block:
    return Block(first, last, number, heading, None, frozenset(DEF_LINE.findall(text)))


def defined_functions(block: Block, borrowed: frozenset[tuple[str, str]] = frozenset()
                      ) -> set[str]:
    """The functions (and classes) a block defines at its top level, but for copies of
    the kit's helpers (`borrowed`: name and shape)."""
    if block.statements is None:
        return set(block.seems_to_define)
    named = {name for name, _ in borrowed}  # the shape is worked out for these alone
    return {name for s in block.statements if s.kind == 'function'
            and (s.names[0] not in named or (s.names[0], s.shape) not in borrowed)
            for name in s.names}


def cut(text: str, blocks: Sequence[Block], exercises: Sequence[str],
        borrowed: frozenset[tuple[str, str]] = frozenset()) -> dict[str, Section]:
    """Each exercise's section of `text`, cut along `blocks` (in order). A copy of a
    helper the kit gives with another exercise (`borrowed`: the ★★★ stub's own mirror)
    neither starts a section nor answers for its exercise."""
    starts = _starts(blocks, exercises, borrowed)
    if not starts:
        return {}
    lines = text.split('\n')
    ordered = sorted(set(starts.values()))
    sections = {}
    for exercise, start in starts.items():
        later = [s for s in ordered if s > start]
        end = later[0] if later else len(blocks)
        kept, chunks, carried = _kept(blocks, start, end, exercise, borrowed)
        body = '\n'.join(line if number in kept else ''
                         for number, line in enumerate(lines, start=1))
        sections[exercise] = Section(exercise, tuple(blocks[start:end]), body, chunks,
                                     carried)
    return sections


def definitions_only(text: str, blocks: Sequence[Block], exercise: str | None = None,
                     borrowed: frozenset[tuple[str, str]] = frozenset()) -> Section:
    """`text` with only its imports and definitions: for an exercise with no section,
    whose loading then runs none of the student's experiments."""
    kept, chunks, carried = _kept(blocks, len(blocks), len(blocks), exercise, borrowed,
                                  above=True)
    body = '\n'.join(line if number in kept else ''
                     for number, line in enumerate(text.split('\n'), start=1))
    return Section('', (), body, chunks, carried)


def _starts(blocks: Sequence[Block], exercises: Sequence[str],
            borrowed: frozenset[tuple[str, str]]) -> dict[str, int]:
    """Where each exercise's section starts: its first heading, or without one, its
    first definition. Once a heading has named an exercise, a definition never starts
    a section: under the ★★★ heading, count_boxes' own helpers (a mirror among them)
    belong to count_boxes."""
    starts: dict[str, int] = {}
    headed = False
    for index, block in enumerate(blocks):
        if block.heading is not None and block.heading in exercises:
            starts.setdefault(block.heading, index)
            headed = True
        if not headed:
            for exercise in sorted(defined_functions(block, borrowed) & set(exercises)):
                starts.setdefault(exercise, index)
    return starts


def _kept(blocks: Sequence[Block], start: int, end: int, exercise: str | None,
          borrowed: frozenset[tuple[str, str]] = frozenset(), above: bool = False
          ) -> tuple[set[int], tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The lines kept for the section `blocks[start:end]`, its chunks, and which of
    them are carried from elsewhere (see `Section`). Further
    down, only what nothing above has bound is kept, and never the exercise's own
    function: another section's helper of that name (count_boxes' own mirror) must
    not stand in for an answer that is missing or broken; nor, anywhere outside the
    section, a copy of the kit's helper."""
    bound: set[str] = {exercise} if exercise and not above else set()
    for block in blocks[:end]:
        bound.update(block.seems_to_define)
        for statement in block.statements or ():
            bound.update(statement.names)
    kept: set[int] = set()
    chunks: list[tuple[int, int, bool]] = []
    notebook = any(block.number is not None for block in blocks)
    for index, block in enumerate(blocks):
        if start <= index < end:
            kept.update(range(block.first, block.last + 1))
            if notebook or index == start:  # a cell each; a .py section as one
                last = block.last if notebook else blocks[end - 1].last
                chunks.append((block.first, last, False))
            continue
        for statement in block.statements or ():
            if statement.kind == 'other' or (exercise in statement.names and
                                             (exercise, statement.shape) in borrowed):
                continue
            if index >= end:
                if any(name in bound for name in statement.names):
                    continue
                bound.update(statement.names)
            kept.update(range(statement.first, statement.last + 1))
            chunks.append((statement.first, statement.last, True))
    return (kept, *_merged(chunks))


def _merged(chunks: list[tuple[int, int, bool]]
            ) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """In order, with chunks that share a line (`a = 1; print(a)`) made one, so that
    no line runs twice; and the places of those carried from elsewhere (a chunk made
    of a carried one and the section's own is the section's)."""
    merged: list[list[int | bool]] = []
    for first, last, carried in sorted(chunks):
        if merged and first <= int(merged[-1][1]):
            merged[-1][1] = max(last, int(merged[-1][1]))
            merged[-1][2] = bool(merged[-1][2]) and carried
        else:
            merged.append([first, last, carried])
    return (tuple((int(first), int(last)) for first, last, _ in merged),
            tuple(at for at, (_, _, carried) in enumerate(merged) if carried))


# -- headings ---------------------------------------------------------------------

STAR = '\u2605'


def named_by(heading: str, titles: Mapping[str, Sequence[str]]) -> str | None:
    """The one exercise a heading names: by its stars (one for the first exercise, two
    for the second...) or by a title; None when it names none, or several."""
    runs = re.findall(f'{STAR}+', heading)
    names = list(titles)
    if runs:  # '★★ Who has won?'; 'Exercises ★ and ★★' names two, so neither
        stars = len(runs[0])
        return names[stars - 1] if len(runs) == 1 and stars <= len(names) else None
    lowered = heading.lower().replace('-', ' ')
    named = {name for name, words in titles.items() if any(w in lowered for w in words)}
    return named.pop() if len(named) == 1 else None


# -- a .py file as blocks ------------------------------------------------------------

def py_blocks(text: str, titles: Mapping[str, Sequence[str]]) -> list[Block]:
    """A `.py` file as blocks: its top-level statements, each under the last heading
    comment (`# ★★ Who has won?`) between it and the statement before. A file that
    does not parse is cut at its headings (and then at its `def` lines), so that a
    syntax error sinks only its own section."""
    lines = text.split('\n')
    headings = {number: named_by(line, titles) for number, line in enumerate(lines, 1)
                if line.startswith('#') and STAR in line}
    statements = parse_block(text, 1)
    if statements is not None:  # a comment inside a string or a function is no heading
        blocks, previous = [], 0
        for statement in statements:
            above = [number for number in headings if previous < number < statement.first]
            blocks.append(Block(statement.first, statement.last,
                                heading=headings[max(above)] if above else None,
                                statements=(statement,)))
            previous = statement.last
        return blocks
    bounds = [1] + sorted(number for number in headings if number > 1) + [len(lines) + 1]
    return [block for first, end in zip(bounds, bounds[1:])
            for block in _chunk_blocks(lines, first, end, headings.get(first))]


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
        found: list[Block] = []
        for start, stop in zip(bounds, bounds[1:]):
            # the heading goes with the first stretch that holds a statement: above the
            # first `def` there may be only the heading's comment and blank lines
            found += _chunk_blocks(lines, start, stop, None if found else heading,
                                   split=False)
        return found
    blocks = []
    for statement in statements:
        blocks.append(Block(statement.first, statement.last, heading=heading,
                            statements=(statement,)))
        heading = None
    return blocks
