"""The reference engine for the hexapawn exercises. Trusted: the grader's side only.

Student code never imports this package while it is graded; answers are computed
here, in the grader's process, and compared with what the student's code returns.

The package itself holds the rules (`rules`) and the rules variants a check swaps in
(`variants`): what the lesson's game file gives every student anyway. The searches
(every reachable position and the answers derived from them: `positions`) and the
lesson's players (`players`) are imported by name; the grader itself reads their
results as facts (see `autograder.reference.facts`), so that a student's checker can
carry the grader without them.
"""
from .rules import START, Move, has_lost, mirror, moves, other, play, show

__all__ = ['START', 'Move', 'has_lost', 'mirror', 'moves', 'other', 'play', 'show']
