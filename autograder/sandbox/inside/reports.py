"""What the child reports of the student's file: an exception as the student should
see it, code that will not compile, a function's parameters.

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


def syntax_error(exc: Exception) -> dict[str, Any]:
    """Code that cannot be compiled: a syntax error, a NUL byte, or nesting too deep
    for the compiler."""
    if isinstance(exc, SyntaxError):
        return {'type': type(exc).__name__, 'message': exc.msg, 'line': exc.lineno}
    if isinstance(exc, (RecursionError, MemoryError)):
        return {'type': 'SyntaxError', 'message': 'it nests too deep to compile',
                'line': None}
    return {'type': 'SyntaxError', 'message': str(exc)[:200], 'line': None}
