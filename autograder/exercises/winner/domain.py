"""winner's domain: every position a game can reach (ended ones too), fewest moves from
the start first, with the reference's answer on each; and the lesson's examples."""
from __future__ import annotations

from autograder.checking.probe import Args
from autograder.reference.facts import positions, winner as reference

EXAMPLES = [('.B..WW...', 'B'), ('W..BB...W', 'B')]
POSITIONS: list[Args] = list(positions())  # fewest moves from the start first
ENDED = [pos for pos in POSITIONS if reference(*pos)]
GOING_ON = [pos for pos in POSITIONS if not reference(*pos)]
