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
    from autograder.commands.options import isolation_from
    from autograder.config import Config
    from autograder.sandbox.process import StudentProcess

    with StudentProcess(Config().limits, isolation_from(argparse.Namespace())) as child:
        child.load('def mirror(board):\n    return board\n', 'mirror.py', {})


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


if __name__ == '__main__':
    main()
