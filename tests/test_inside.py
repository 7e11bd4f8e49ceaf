"""What runs inside a child (autograder/sandbox/inside/): the standard library only,
and its own modules loaded by path, never the grader's package, the reference or the
model answers. A module here that imported any of them would carry them into the very
process that holds a student's code."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import autograder.sandbox.inside

INSIDE = Path(autograder.sandbox.inside.__file__).parent
FILES = sorted(path for path in INSIDE.glob('*.py') if path.name != '__init__.py')


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split('.')[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add('.' if node.level else (node.module or '').split('.')[0])
    return found


@pytest.mark.parametrize('path', FILES, ids=[path.name for path in FILES])
def test_a_module_that_runs_inside_imports_the_standard_library_only(path: Path) -> None:
    outside = _imports(path) - set(sys.stdlib_module_names) - {'__future__'}
    assert outside == set(), f'{path.name} imports {sorted(outside)}'


def test_the_child_loads_its_own_modules_by_path_and_each_one_is_here() -> None:
    import re
    child = (INSIDE / 'child.py').read_text(encoding='utf-8')
    loaded = set(re.findall(r"sibling\('(\w+)'\)", child))
    assert loaded and loaded <= {path.stem for path in FILES}
    assert (INSIDE / 'run_child.py').read_text(encoding='utf-8').count("'child.py'") == 1
