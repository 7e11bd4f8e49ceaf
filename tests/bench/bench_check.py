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
    from autograder.config import Config
    from autograder.sandbox.process import StudentProcess

    with StudentProcess(Config().limits, probed_isolation()) as child:
        child.load('def mirror(board):\n    return board\n', 'mirror.py', {})


FAILING = {'mirror': 'rows_rotated', 'winner': 'none_when_stuck',
           'count_boxes': 'beads_as_pawns'}  # unlisted: every step of diagnosis runs


def diagnosis_cost(runs: int) -> None:
    """CPU of the grader's own process grading each failing piece, with and without
    diagnosis; the student's children are not counted (their time is the same)."""
    from unittest import mock

    from autograder import grading
    from autograder.config import Config
    from autograder.exercises import BY_NAME
    from autograder.loading import locate
    from autograder.sandbox.isolation import FLOOR

    def grade(exercise: str) -> None:
        path = PROJECT / 'tests' / 'unlisted_mistakes' / exercise / f'{FAILING[exercise]}.py'
        located = locate(path, (exercise,))[exercise]
        grading.grade_exercise(BY_NAME[exercise], located, Config(), FLOOR)

    def cpu(exercise: str) -> float:
        samples = []
        for _ in range(runs):
            start = time.process_time()
            grade(exercise)
            samples.append(time.process_time() - start)
        return statistics.median(samples)

    print(f'diagnosis of a failing submission: grader CPU, median of {runs} runs')
    total = 0.0
    for exercise in FAILING:
        grade(exercise)  # the first grading works out what every later one reuses
        with_it = cpu(exercise)
        with mock.patch.object(grading, 'diagnose', lambda *a: None), \
                mock.patch.object(grading, 'explain', lambda *a: None), \
                mock.patch.object(grading, 'line_hints', lambda *a: {}):
            without = cpu(exercise)
        total += with_it
        print(f'  {exercise:<12} {with_it * 1000:7.1f} ms, of which diagnosis '
              f'{(with_it - without) * 1000:6.1f} ms  ({FAILING[exercise]})')
    verdict = 'meets' if total < 0.5 else 'misses'
    print(f'  all three: {total * 1000:.1f} ms; goal: under 500 ms of the grader\'s own '
          f'work: {verdict} it')


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
