"""The interpreter every child runs, on every system: the base Python (not a virtual
environment's link to it: the child needs only the standard library, and a venv's
folder may not be in the sandbox's view), isolated and without site, so that nothing
installed is in reach; the program it runs; and the only environment it gets."""
from __future__ import annotations

import os
import sys
from pathlib import Path

CHILD_SCRIPT = Path(__file__).parent / 'inside' / 'run_child.py'  # child.py, read compiled
BASE_PYTHON = os.path.realpath(getattr(sys, '_base_executable', sys.executable))
PYTHON = [BASE_PYTHON, '-I', '-S', '-B']
ENVIRONMENT = {'PATH': '/usr/bin:/bin', 'LANG': 'C.UTF-8', 'PYTHONHASHSEED': '0',
               'PYTHONIOENCODING': 'utf-8'}
