"""★ mirror(board): the board seen in a mirror, each row of three back to front.

Its domain (`domain`), checks (`checks`), known mistakes (`mistakes`), how a wrong
answer is described (`describe`, with `behaviours` and `contrast`) and the hints a
returned value's form earns (`form`), made into the one `EXERCISE` the registry lists.
"""
from __future__ import annotations

from hexapawn_ref import mirror as reference

from autograder.checking.boards import is_board
from autograder.exercises.mirror import describe
from autograder.exercises.mirror.checks import ANYTHING, CHECKS, TWICE
from autograder.exercises.mirror.domain import EVERY_BOARD, SAMPLE
from autograder.exercises.mirror.form import about_value
from autograder.exercises.mirror.mistakes import CATALOGUE
from autograder.exercises.spec import Exercise, Traced

EXERCISE: Exercise = Exercise(
    'mirror', ('board',), 3.0, tuple(CHECKS.checks), CATALOGUE,
    properties=(TWICE, ANYTHING),
    tries="print(mirror('BB..W.W.W'))",
    titles=('mirror',),
    domain=lambda: EVERY_BOARD, domain_words='all 3^9 boards',
    describe=describe.describe, about_value=about_value,
    # its first 400 boards (up to three pawns) are where its checks and mistakes look
    # first, and plenty to tell lines apart
    traced=Traced(lambda: SAMPLE, reference, 'board',
                  lambda args: len(args) == 1 and is_board(args[0])))
