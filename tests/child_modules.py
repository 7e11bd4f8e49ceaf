"""The child's own modules, loaded by path as the child loads them in the sandbox (it
never imports the grader's package), for tests of what they do on their side."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import autograder.sandbox.inside


def child_module(name: str) -> ModuleType:
    """autograder/sandbox/inside/NAME.py, as a module of its own."""
    path = Path(autograder.sandbox.inside.__file__).parent / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f'hexgrade_{name}_for_test', path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
