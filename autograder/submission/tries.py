"""The lines a student leaves below an answer to try it, such as `print(count_boxes(True))`.

They run the exercise's own function at the top level of its file or section. The
grader asks the function itself, as often as the checks need and no more; run at
load too, such a line would cost a slow search's time once more in the file's child,
and again in every child the file is loaded into afresh. So a statement at the top
level that only computes an expression, and calls the exercise's function in it, is
left out while grading, its lines kept as blank lines so that every other line keeps
its number. Everything else at the top level runs as Python runs it: an assignment
(`answer = count_boxes(True)`) is kept, as a later line may need its name.
"""
from __future__ import annotations

import ast


def without_tries(text: str, function: str, cells: tuple[tuple[int, int], ...] = ()
                  ) -> str:
    """`text` with each top-level expression statement that calls `function` blanked;
    with `cells` (a notebook's line ranges, each run on its own), cell by cell. Text
    that does not parse is left as it is: its error is the student's to see."""
    lines = text.split('\n')
    chunks = cells or ((1, len(lines)),)
    blanked: set[int] = set()
    for first, last in chunks:
        try:
            tree = ast.parse('\n'.join(lines[first - 1:last]))
        except (SyntaxError, ValueError):
            continue
        taken = _lines_taken(tree.body)
        for statement in tree.body:
            if isinstance(statement, ast.Expr) and _calls(statement.value, function):
                span = range(statement.lineno, (statement.end_lineno or statement.lineno) + 1)
                if all(taken[line] == 1 for line in span):  # no other statement there
                    blanked.update(first - 1 + line for line in span)
    if not blanked:
        return text
    return '\n'.join('' if number in blanked else line
                     for number, line in enumerate(lines, start=1))


def _calls(expression: ast.expr, function: str) -> bool:
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
               and node.func.id == function for node in ast.walk(expression))


def _lines_taken(statements: list[ast.stmt]) -> dict[int, int]:
    """How many top-level statements stand on each line (`a = 1; print(f(a))` is two)."""
    taken: dict[int, int] = {}
    for statement in statements:
        for line in range(statement.lineno, (statement.end_lineno or statement.lineno) + 1):
            taken[line] = taken.get(line, 0) + 1
    return taken
