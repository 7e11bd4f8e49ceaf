"""The core imports anywhere: the checks, the reference's facts, the exercises, the
diagnosis and hints, grading's pipeline and the renderers import with no POSIX module
and nothing of the sandbox but the wire both sides speak, so that they run where a
student's code runs elsewhere (a browser's worker, Windows). Tried in a fresh
interpreter that refuses those imports."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
CORE = ('autograder.grading', 'autograder.checking.checks', 'autograder.exercises',
        'autograder.reference.facts', 'autograder.diagnosis.explain',
        'autograder.render.terminal', 'autograder.render.gradescope',
        'autograder.render.html_feedback', 'autograder.render.visibility',
        'autograder.submission.locate', 'autograder.settings.config',
        'autograder.calls.replies')
REFUSING = '''
import importlib, importlib.abc, sys
POSIX = {'fcntl', 'resource', 'termios', 'pwd', 'grp', '_posixsubprocess', 'select',
         'multiprocessing', 'ctypes'}
WIRE = {'autograder.sandbox', 'autograder.sandbox.inside', 'autograder.sandbox.inside.wire',
        'autograder.sandbox.inside.encoding'}
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split('.')[0] in POSIX or name.startswith('autograder.sandbox') and \\
                name not in WIRE:
            raise ImportError(f'refused: {name}')
for name in [n for n in sys.modules if n.split('.')[0] in POSIX]:
    del sys.modules[name]
sys.meta_path.insert(0, Refuse())
for name in sys.argv[1:]:
    importlib.import_module(name)
print('imported', len(sys.argv) - 1)
'''


def test_the_core_imports_without_posix_or_the_sandbox() -> None:
    done = subprocess.run([sys.executable, '-c', REFUSING, *CORE], capture_output=True,
                          text=True, cwd=PROJECT, env={'PYTHONPATH': str(PROJECT)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == f'imported {len(CORE)}\n'


def test_the_refusing_interpreter_does_refuse() -> None:
    done = subprocess.run([sys.executable, '-c', REFUSING, 'autograder.sandbox.process'],
                          capture_output=True, text=True, cwd=PROJECT,
                          env={'PYTHONPATH': str(PROJECT)})
    assert done.returncode != 0 and 'refused: ' in done.stderr
