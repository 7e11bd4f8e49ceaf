"""Where a returned value was made: a line that only says `return answer` did not make
the wrong answer, the line that last gave `answer` its value did.

Read from the student's text with `ast` in the grader (parsing runs none of it).
"""
from __future__ import annotations

import ast
from typing import Sequence


def made_at(source: str, line: int, failing: Sequence[frozenset[int]],
            passing: Sequence[frozenset[int]], most_passing: float) -> int | None:
    """`line` itself, unless it is `return NAME` and the function gives NAME a value:
    then the line that does, run on every failing input and on the fewest right ones
    (no more than `most_passing` of them); None when no such line stands out."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return line
    function, name = _returned_name(tree, line)
    if function is None or name is None:
        return line
    given = {node.lineno for node in ast.walk(function)
             if isinstance(node, ast.stmt | ast.expr) and _assigns(node, name)
             and node.lineno < line}
    if not given:  # a parameter or a value from outside: the return is where it is used
        return line
    every = frozenset.intersection(*failing) if failing else frozenset()
    made = sorted(given & every)
    if not made:
        return None
    ran_right = {at: sum(at in run for run in passing) for at in made}
    fewest = min(ran_right.values())
    if fewest > most_passing * len(passing):
        return None
    best = [at for at in made if ran_right[at] == fewest]
    return best[-1] if len(best) == 1 else None


def _returned_name(tree: ast.AST, line: int
                   ) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef | None, str | None]:
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Return) and node.lineno == line and \
                    isinstance(node.value, ast.Name):
                return function, node.value.id
    return None, None


def _assigns(node: ast.AST, name: str) -> bool:
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and node.value is not None:
        targets = [node.target]
    elif isinstance(node, (ast.For, ast.AsyncFor)):
        targets = [node.target]
    elif isinstance(node, ast.NamedExpr):
        targets = [node.target]
    return any(isinstance(n, ast.Name) and n.id == name
               for target in targets for n in ast.walk(target))
