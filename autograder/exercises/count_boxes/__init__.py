"""★★★ count_boxes(use_mirror): HER's boxes and beads, counted without playing.

Its answers (`answers`: the right ones, and what a function gave back), checks
(`checks`), known mistakes (`mistakes`), the hard-coded flag (`flags`), how wrong
numbers are explained (`describe`) and the hints a returned value's form earns
(`form`), made into the one `EXERCISE` the registry lists.
"""
from __future__ import annotations

from autograder.exercises.count_boxes import describe
from autograder.exercises.count_boxes.answers import SLOW_SECONDS
from autograder.exercises.count_boxes.checks import CHECKS
from autograder.exercises.count_boxes.flags import hard_coded
from autograder.exercises.count_boxes.form import about_value
from autograder.exercises.count_boxes.mistakes import CATALOGUE
from autograder.exercises.spec import Exercise, Slow

EXERCISE: Exercise = Exercise(
    'count_boxes', ('use_mirror',), 4.0, tuple(CHECKS.checks), CATALOGUE,
    flaggers=(hard_coded,),
    # a right search written the long way (every game replayed from the
    # start, the names kept in a list) takes a second or two a call
    limits={'call_seconds': 10.0, 'load_seconds': 6.0,
            'file_seconds': 120.0},
    slow=Slow(SLOW_SECONDS, 'A search that keeps the positions it has already seen '
                   'in a set (or a dictionary) visits each one once, and '
                   '`name in seen` is then quick even for thousands of '
                   'names: the model answer takes a few thousandths of a '
                   'second.'),
    tries='print(count_boxes(True))',
    titles=('count_boxes', 'count boxes', 'how many boxes'),
    # two calls, too few for a line to stand out: no line is traced
    domain=lambda: [(True,), (False,)], domain_words='both calls of count_boxes',
    describe=describe.describe, about_value=about_value)
