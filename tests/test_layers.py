"""Layers point one way: the commands call `classroom` and `render`, which never call
back, nor each other; the command line's parsed options stay in the commands.

Read from the source with `ast`, so an import inside a function, or one made only
for type checking, counts as much as one at the top of a module.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / 'autograder'
COMMAND_LINE = ('autograder.commands', 'autograder.cli')
# a layer, and the layers it must not import
APART = {
    'autograder.classroom': ('autograder.render', *COMMAND_LINE),
    'autograder.render': ('autograder.classroom', *COMMAND_LINE),
}


def _name(path: Path) -> str:
    parts = ('autograder', *path.relative_to(PACKAGE).with_suffix('').parts)
    return '.'.join(parts[:-1] if parts[-1] == '__init__' else parts)


def _is_package(path: Path) -> bool:
    return path.name == '__init__.py'


# the sample class's pieces are student code that hexgrade grades, never imports
MODULES = {_name(path): path for path in sorted(PACKAGE.rglob('*.py'))
           if not path.is_relative_to(PACKAGE / 'sample_class')}


def _tree(module: str) -> ast.Module:
    return ast.parse(MODULES[module].read_text(encoding='utf-8'))


def imported(module: str) -> set[str]:
    """Every module `module` imports, as absolute names; `from a import b` counts as
    importing both `a` and `a.b`, since `b` may be a module."""
    here = module if _is_package(MODULES[module]) else module.rpartition('.')[0]
    names: set[str] = set()
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here.rsplit('.', node.level - 1)[0] if node.level else ''
            source = '.'.join(part for part in (base, node.module or '') if part)
            names.add(source)
            names.update(f'{source}.{alias.name}' for alias in node.names)
    return names


def _within(module: str, layer: str) -> bool:
    return module == layer or module.startswith(layer + '.')


def takes_namespace(module: str) -> list[str]:
    """The functions of `module` with a parameter annotated as argparse's Namespace."""
    found = []
    for node in ast.walk(_tree(module)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                     *filter(None, (arguments.vararg, arguments.kwarg))]
            if any(a.annotation is not None and 'Namespace' in ast.unparse(a.annotation)
                   for a in every):
                found.append(node.name)
    return found


def test_the_import_reader_sees_relative_imports_inside_functions() -> None:
    # the commands load the class machinery only inside `run`, and by relative name
    assert 'autograder.classroom.batch' in imported('autograder.commands.grade')
    assert 'autograder.render.outputs' in imported('autograder.commands.grade')
    assert 'autograder.render.terminal' in imported('autograder.commands.check')
    assert 'autograder.commands.check' in imported('autograder.cli')


@pytest.mark.parametrize('layer', sorted(APART))
def test_a_layer_imports_none_of_the_layers_kept_apart_from_it(layer: str) -> None:
    crossing = sorted((module, name) for module in MODULES if _within(module, layer)
                      for name in imported(module)
                      if any(_within(name, other) for other in APART[layer]))
    assert crossing == []


def test_only_the_command_line_takes_parsed_options() -> None:
    assert takes_namespace('autograder.commands.options')  # the reader finds them
    outside = {module: names for module in MODULES
               if not any(_within(module, layer) for layer in COMMAND_LINE)
               and (names := takes_namespace(module))}
    assert outside == {}


def test_nothing_below_the_command_line_imports_it() -> None:
    # `python -m autograder` is the command line's other door, and all it does is open it
    above = {'autograder.__main__', *COMMAND_LINE}
    importing = sorted((module, name) for module in MODULES
                       if not any(_within(module, layer) for layer in above)
                       for name in imported(module)
                       if any(_within(name, layer) for layer in COMMAND_LINE))
    assert importing == []
