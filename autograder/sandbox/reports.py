"""What the child reports of the student's file: an exception as the student should
see it, code that will not compile, a function's parameters, and where the top level
binds each name.

Loaded by path by `child.py` (standard library only, like it).
"""
from __future__ import annotations

import traceback

TYPE_CHECKING = False  # typing is not imported in a child (see child.py)
if TYPE_CHECKING:
    from typing import Any


def describe_error(exc: BaseException, filename: str) -> dict[str, Any]:
    """The exception as the student should see it: only frames of their own file."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    line = frames[-1].lineno if frames else getattr(exc, 'lineno', None)
    try:
        message = str(exc)
    except BaseException:
        message = '<unprintable message>'
    return {'type': type(exc).__name__, 'message': message[:500], 'line': line}


def signature_of(fn: Any) -> dict[str, Any] | None:
    """Required and allowed positional parameter counts of a plain function."""
    code = getattr(fn, '__code__', None)
    if code is None:
        return None
    positional = code.co_argcount
    defaults = len(getattr(fn, '__defaults__', None) or ())
    varargs = bool(code.co_flags & 0x04)
    names = list(code.co_varnames[:positional])
    return {'required': positional - defaults, 'allowed': positional, 'varargs': varargs,
            'params': names}


def bindings(source: str) -> dict[str, list[list[Any]]]:
    """Where the top level binds each name (see `bindings_in`). Parsed here, not in the
    grader, whose threads (a Dask worker's) must not parse at once (CPython 3.11's
    parser state is not thread-safe); the grader sends them instead where it parsed
    the same text already."""
    import ast
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    return bindings_in(tree.body)


def bindings_in(body: list[Any]) -> dict[str, list[list[Any]]]:
    """Where these top-level statements bind each name: ['def', line] for a def, class
    or assignment, ['import', line] for an import."""
    import ast
    found: dict[str, list[list[Any]]] = {}
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
            found.setdefault(name, []).append([kind, node.lineno])
    return found


def syntax_error(exc: Exception) -> dict[str, Any]:
    """Code that cannot be compiled: a syntax error, a NUL byte, or nesting too deep
    for the compiler."""
    if isinstance(exc, SyntaxError):
        return {'type': type(exc).__name__, 'message': exc.msg, 'line': exc.lineno}
    if isinstance(exc, (RecursionError, MemoryError)):
        return {'type': 'SyntaxError', 'message': 'it nests too deep to compile',
                'line': None}
    return {'type': 'SyntaxError', 'message': str(exc)[:200], 'line': None}
