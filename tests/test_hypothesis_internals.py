"""The one use of Hypothesis' private internals still does what it is there for
(autograder/checking/hypothesis_internals.py): when this file fails after a Hypothesis upgrade,
read that module's note on how to drop it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest

from autograder.checking.hypothesis_internals import PRIVATE, draw_without_local_constants
from autograder.errors import GraderError

PROJECT = Path(__file__).resolve().parents[1]
# boards a program around the grader might hold as literals: a local module's strings
# (picked at random: Hypothesis favours boards such as 'BBBBBBBBB' on its own)
_PICK = Random(14)
LITERALS = [''.join(_PICK.choice('.BW') for _ in range(9)) for _ in range(40)]

DRAW = '''
import json, sys
sys.path.insert(0, sys.argv[1])
if sys.argv[2] == 'with the module':
    import program_around
if sys.argv[3] == 'swapped':
    from autograder.checking.hypothesis_internals import draw_without_local_constants
    draw_without_local_constants()
from hypothesis import given, seed, settings, strategies as st
drawn = []
@seed(0)
@settings(max_examples=50, database=None, deadline=None)
@given(st.text(alphabet='.BW', min_size=9, max_size=9))
def keep(board):
    drawn.append(board)
keep()
print(json.dumps(drawn))
'''


def _drawn(folder: Path, module: str, swap: str) -> list[str]:
    run = subprocess.run([sys.executable, '-c', DRAW, str(folder), module, swap],
                         cwd=PROJECT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    drawn: list[str] = json.loads(run.stdout)
    return drawn


@pytest.fixture
def around(tmp_path: Path) -> Path:
    folder = tmp_path / 'program'
    folder.mkdir()
    (folder / 'program_around.py').write_text(f'BOARDS = {LITERALS!r}\n', encoding='utf-8')
    return folder


def test_a_local_modules_literals_change_what_hypothesis_draws(around: Path) -> None:
    # what the swap is for: without it, a module loaded beside the grader shows up in
    # the draws (when this fails, Hypothesis stopped doing so: the swap can go)
    drawn = _drawn(around, 'with the module', 'as shipped')
    assert set(drawn) & set(LITERALS)


def test_with_the_swap_the_draws_do_not_depend_on_local_modules(around: Path) -> None:
    alone = _drawn(around, 'without', 'swapped')
    beside = _drawn(around, 'with the module', 'swapped')
    assert beside == alone
    assert not set(beside) & set(LITERALS)


@pytest.mark.parametrize('name', PRIVATE)
def test_a_private_name_gone_is_the_graders_error(name: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from hypothesis import __version__
    from hypothesis.internal.conjecture import providers
    monkeypatch.delattr(providers, name)
    with pytest.raises(GraderError) as raised:
        draw_without_local_constants()
    assert str(raised.value) == (
        f'Hypothesis {__version__} has no {name} in hypothesis.internal.conjecture.providers, '
        'so its inputs would depend on the modules loaded around the grader')
    assert raised.value.tip == 'install the Hypothesis version pinned in pyproject.toml'
