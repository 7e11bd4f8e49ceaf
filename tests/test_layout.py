"""The tree reads as the flow, and tests mirror it: every module of the grader has a
test file named for it, or a row in tests/README.md naming the test files that try it
(through another module), and every file so named exists."""
from __future__ import annotations

import re
from fnmatch import fnmatch
from pathlib import Path

import autograder

PACKAGE = Path(autograder.__file__).parent
TESTS = Path(__file__).parent


def _modules() -> list[str]:
    return sorted(path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob('*.py')
                  if 'sample_class' not in path.parts
                  and path.name not in ('__init__.py', '__main__.py'))


def _elsewhere() -> dict[str, list[str]]:
    """The README's table: each module (or pattern) and the test files it names."""
    readme = (TESTS / 'README.md').read_text(encoding='utf-8')
    table = readme.split('## Tested through another module', 1)[1].split('\n## ', 1)[0]
    found: dict[str, list[str]] = {}
    for row in table.splitlines():
        cells = row.split(' | ')
        if len(cells) != 2 or not row.startswith('| `'):
            continue
        files = re.findall(r'`(test_\w+\.py)`', cells[1])
        modules = re.findall(r'`([\w/*]+\.py)`', cells[0])
        prefix = ''
        for module in modules:  # `exercises/*/describe.py`, `behaviours.py`: one folder
            if '/' in module:
                prefix = module.rsplit('/', 1)[0] + '/'
            found[module if '/' in module else prefix + module] = files
    return found


def test_every_module_has_a_place_for_its_tests() -> None:
    elsewhere = _elsewhere()
    homeless = []
    for module in _modules():
        parts = module[:-3].split('/')
        named = {f'test_{parts[-1]}.py', f'test_{"_".join(parts[-2:])}.py'}
        if any((TESTS / name).is_file() for name in named):
            continue
        if not any(fnmatch(module, pattern) for pattern in elsewhere):
            homeless.append(module)
    assert homeless == []


def test_every_test_file_the_readme_names_exists() -> None:
    named = {name for files in _elsewhere().values() for name in files}
    assert named and not [name for name in sorted(named) if not (TESTS / name).is_file()]
