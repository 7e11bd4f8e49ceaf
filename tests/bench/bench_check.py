"""How long `hexgrade check` takes on one full submission, and where the time goes.

Run: python tests/bench/bench_check.py [--runs 10] [PATH]

Prints the median wall time of RUNS runs of each part, measured side by side in
one run of this script:
  interpreter  - `python -c pass`
  imports      - `python -c "import autograder.grading"` minus the interpreter
  child start  - starting one sandboxed child and loading a small file into it
  whole check  - `python -m autograder check PATH`
  checks       - the whole check minus the three parts above (children start in
                 parallel, so this is what the checks themselves cost on the wall)
The goal is a whole check under 0.5 s for all three exercises.

Then, on a failing submission (one mistake per exercise that the catalogue does not
list, from tests/unlisted_mistakes/), what diagnosis adds to the grader's own CPU:
each exercise graded in this process with its diagnosis (the catalogue, the
description of where it goes wrong, the line it points at) and with it switched
off, side by side.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

PROJECT = Path(__file__).resolve().parents[2]


def timed(action: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def run(*argv: str) -> Callable[[], object]:
    return lambda: subprocess.run([sys.executable, *argv], check=False,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def child_start() -> None:
    from autograder.commands.options import probed_isolation
    from autograder.sandbox.process import StudentProcess
    from autograder.settings.config import Config

    with StudentProcess(Config().limits, probed_isolation()) as child:
        child.load('def mirror(board):\n    return board\n', 'mirror.py', {})


# unlisted, so every step of diagnosis runs: a map of squares, words for where it is
# wrong, a pair of inputs one change apart, answers that change from call to call
FAILING = {'mirror': ('rows_rotated', 'replace_changes_every_copy', 'rows_kept_between_calls'),
           'winner': ('none_when_stuck', 'black_far_row_copied_from_white',
                      'turn_taken_from_seen_boards'),
           'count_boxes': ('beads_as_pawns', 'bead_looked_up_before_stored')}


def diagnosis_cost(runs: int) -> None:
    """CPU of the grader's own process grading each failing piece, with and without
    diagnosis; the student's children are not counted (their time is the same)."""
    from unittest import mock

    from autograder import grading
    from autograder.exercises import BY_NAME
    from autograder.grading import steps
    from autograder.sandbox.isolation import FLOOR
    from autograder.settings.config import Config
    from autograder.submission.locate import locate

    def grade(exercise: str, piece: str) -> None:
        path = PROJECT / 'tests' / 'unlisted_mistakes' / exercise / f'{piece}.py'
        located = locate(path, (exercise,))[exercise]
        grading.grade_exercise(BY_NAME[exercise], located, Config(), FLOOR)

    def cpu(exercise: str, piece: str) -> float:
        samples = []
        for _ in range(runs):
            start = time.process_time()
            grade(exercise, piece)
            samples.append(time.process_time() - start)
        return statistics.median(samples)

    print(f'diagnosis of a failing submission: grader CPU, median of {runs} runs')
    total = 0.0
    for exercise, names in FAILING.items():
        worst = 0.0
        for piece in names:
            grade(exercise, piece)  # the first grading works out what later ones reuse
            with_it = cpu(exercise, piece)
            with mock.patch.object(steps, 'diagnose', lambda *a: None), \
                    mock.patch.object(steps, 'changing', lambda *a, **k: None), \
                    mock.patch.object(steps, 'explain', lambda *a: None), \
                    mock.patch.object(steps, 'line_hints', lambda *a: {}):
                without = cpu(exercise, piece)
            worst = max(worst, with_it)
            print(f'  {exercise:<12} {with_it * 1000:7.1f} ms, of which diagnosis '
                  f'{(with_it - without) * 1000:6.1f} ms  ({piece})')
        total += worst
    verdict = 'meets' if total < 0.5 else 'misses'
    print(f'  the slowest of each exercise together: {total * 1000:.1f} ms; goal: under '
          f'500 ms of the grader\'s own work: {verdict} it')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('path', nargs='?', type=Path, default=PROJECT / 'solutions')
    parser.add_argument('--runs', type=int, default=10)
    args = parser.parse_args()
    interpreter = timed(run('-c', 'pass'), args.runs)
    imports = timed(run('-c', 'import autograder.grading'), args.runs) - interpreter
    child = timed(child_start, args.runs)
    whole = timed(run('-m', 'autograder', 'check', str(args.path)), args.runs)
    checks = whole - interpreter - imports - child
    print(f'hexgrade check {args.path.name}/: median of {args.runs} runs')
    for name, seconds in [('interpreter', interpreter), ('imports', imports),
                          ('child start', child), ('checks', checks), ('whole check', whole)]:
        print(f'  {name:<12} {seconds * 1000:7.1f} ms  ({seconds / whole:5.1%})')
    verdict = 'meets' if whole < 0.5 else 'misses'
    print(f'  goal: under 500 ms for the whole check: {verdict} it')
    diagnosis_cost(args.runs)


if __name__ == '__main__':
    main()
