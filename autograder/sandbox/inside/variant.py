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


# variants compiled in the zygote (see `warm`), by their source: with the places of the
# game's functions they were moved to, which must be the same where one is swapped in
_WARMED: dict[str, tuple[types.CodeType, tuple[tuple[str, Any], ...]]] = {}
OTHER = 'something other than a plain function'


def warm(source: str, real: dict[str, Any]) -> None:
    """Compile a variant once, before any fork, for the game whose functions `real`
    holds: each child that swaps it in then neither parses nor compiles it. Only where
    every name it looks up in the game is a plain function there, or nothing."""
    seen: list[tuple[str, Any]] = []
    code = _as_if_real(source, real, seen)
    if all(place is not OTHER for _, place in seen):
        _WARMED[source] = (code, tuple(seen))


def swap_in(patch: dict[str, Any] | None, namespace: dict[str, Any]) -> Saved:
    """Swap in the rules `patch` holds; what `swap_back` needs to undo it."""
    if not patch:
        return []
    game = sys.modules.get('hexapawn')
    real = vars(game) if game is not None else {}
    replacement: dict[str, Any] = dict(real) or {'__name__': 'hexapawn'}
    exec(_warmed(patch['source'], real) or _as_if_real(patch['source'], real), replacement)
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


def _warmed(source: str, real: dict[str, Any]) -> types.CodeType | None:
    """The variant compiled in the zygote, when every name it looks up in the game is
    still the plain function it was compiled for, where it was, or still nothing."""
    found = _WARMED.get(source)
    if found is None:
        return None
    code, seen = found
    for name, place in seen:
        old = real.get(name)
        if place is None:
            if old is not None:
                return None
        elif type(old) is not types.FunctionType or \
                (old.__code__.co_filename, old.__code__.co_firstlineno) != place:
            return None
    return code


def _as_if_real(source: str, real: dict[str, Any],
                seen: list[tuple[str, Any]] | None = None) -> types.CodeType:
    """The variant's code, compiled under the game file's name, each function moved to
    the line the real function of that name starts on. `seen` gets the name each of
    its statements looks up in the game, with the file and line of the plain function
    found there (None where nothing is, OTHER where something else is)."""
    import ast
    tree = ast.parse(source)
    filename = 'hexapawn.py'
    for node in tree.body:
        old = real.get(getattr(node, 'name', ''))
        code = getattr(old, '__code__', None)
        if seen is not None:  # a statement without a name looks up '' (nothing, as a rule)
            plain = old.__code__ if type(old) is types.FunctionType else None
            seen.append((getattr(node, 'name', ''),
                         (plain.co_filename, plain.co_firstlineno) if plain else
                         None if old is None else OTHER))
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
