"""Other rules swapped into the child, to see whether a count_boxes follows them, in a
form the student's code cannot tell from the real rules: the game's own functions keep
who they are and only their code changes, to code compiled under the game file's name
with each function on the line the real one starts on. So every reference the student
kept (an import, a copy, a default) follows the variant, and its frames, file name,
module, name and lines are the real ones'.

Loaded by path by `child.py` (standard library only, like it).
"""
from __future__ import annotations

import sys
import types

TYPE_CHECKING = False  # typing is not imported in a child (see child.py)
if TYPE_CHECKING:
    from typing import Any
    Saved = list[tuple[Any, str, Any]]


def swap_in(patch: dict[str, Any] | None, namespace: dict[str, Any]) -> Saved:
    """Swap in the rules `patch` holds; what `swap_back` needs to undo it."""
    if not patch:
        return []
    game = sys.modules.get('hexapawn')
    real = vars(game) if game is not None else {}
    replacement: dict[str, Any] = dict(real) or {'__name__': 'hexapawn'}
    exec(_as_if_real(patch['source'], real), replacement)
    saved: Saved = []
    for name in patch['names']:
        new: Any = replacement[name]
        old: Any = real.get(name)
        if _same_shape(old, new):
            saved.append((old, '__code__', old.__code__))
            old.__code__ = new.__code__
            saved.append((old, '__defaults__', old.__defaults__))
            old.__defaults__ = new.__defaults__
        elif name in real:
            saved.append((real, name, old))
            real[name] = new
        mine = namespace.get(name)
        if name in namespace and mine is not old:  # the student's own
            saved.append((namespace, name, mine))
            namespace[name] = old if _same_shape(old, new) else new
    return saved


def swap_back(saved: Saved) -> None:
    for target, name, value in reversed(saved):
        if isinstance(target, dict):
            target[name] = value
        else:
            setattr(target, name, value)


def _as_if_real(source: str, real: dict[str, Any]) -> types.CodeType:
    """The variant's code, compiled under the game file's name, each function moved to
    the line the real function of that name starts on."""
    import ast
    tree = ast.parse(source)
    filename = 'hexapawn.py'
    for node in tree.body:
        old = real.get(getattr(node, 'name', ''))
        code = getattr(old, '__code__', None)
        if code is None:
            continue
        filename = code.co_filename
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            ast.increment_lineno(node, code.co_firstlineno - node.lineno)
    return compile(tree, filename, 'exec', dont_inherit=True)


def _same_shape(old: Any, new: Any) -> bool:
    """Whether `old`'s code can be swapped for `new`'s: two plain functions that close
    over nothing."""
    return isinstance(old, types.FunctionType) and isinstance(new, types.FunctionType) \
        and not old.__code__.co_freevars and not new.__code__.co_freevars
