"""★★ winner(board, side): who has won, with `side` the player whose turn it is.

Its domain (`domain`), checks (`checks`), known mistakes (`mistakes`), how a wrong
answer is described (`describe`, with `rules` and `contrast`) and the hints a
returned value's form earns (`form`), made into the one `EXERCISE` the registry lists.
"""
from __future__ import annotations

from autograder.checking.boards import is_board
from autograder.exercises.spec import Exercise, Traced
from autograder.exercises.winner import describe
from autograder.exercises.winner.checks import CHECKS, GAMES
from autograder.exercises.winner.domain import POSITIONS
from autograder.exercises.winner.form import about_value
from autograder.exercises.winner.mistakes import CATALOGUE
from autograder.reference.facts import winner as reference

EXERCISE: Exercise = Exercise(
    'winner', ('board', 'side'), 3.0, tuple(CHECKS.checks), CATALOGUE,
    properties=(GAMES,),
    tries="print(winner('.B..WW...', 'B') == '')\nprint(winner('W..BB...W', 'B'))",
    titles=('winner', 'who has won', 'who won'),
    domain=lambda: POSITIONS, domain_words='all 135 positions of real games',
    describe=describe.describe, about_value=about_value,
    traced=Traced(lambda: POSITIONS, reference, 'position',
                  lambda args: len(args) == 2 and is_board(args[0]) and args[1] in ('W', 'B')))
