"""What the sandbox costs: one child's life (start, load a file, one call, close)
under each isolation, against a bare child (a fresh interpreter with the floor).

    python tests/bench/bench_sandbox.py [--runs 50] [--machine-cpu 40]

Every isolation is probed once beforehand; then the runs go round-robin, so all
configurations share the machine's ups and downs. Prints the median per child,
the difference from the bare child, and that difference for a submission (three
children). Goal: all layers together add at most 30 ms per submission.

A child's time is not all of its cost: the kernel frees what a child's layers made
(its Landlock domains, its memory group) in threads of its own, after the child has
gone. `--machine-cpu CHILDREN` also counts the whole machine's CPU, from /proc/stat,
over a batch of that many children of each configuration in every run (run it on an
otherwise quiet machine), and prints its median per child.

Joining a cgroup (v1) can wait for one RCU grace period (a sleep of ~10 ms, not
CPU) when no cgroup move happened just before; a batch spawns children back to
back and mostly avoids it. `--idle-ms 50` pauses before every child to show that
worst case for each configuration.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time

from bench_seccomp import machine_seconds

from autograder.sandbox.isolation import FLOOR, STRONG_LAYERS, Isolation
from autograder.sandbox.process import StudentProcess
from autograder.sandbox.working_layers import probe
from autograder.settings.config import Config

SOURCE = 'def mirror(board):\n    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n'
GOAL_MS = 30.0


def configurations() -> dict[str, Isolation]:
    """The bare child, the zygote with the floor, each layer alone, then all of them."""
    found = {'bare child (fresh interpreter)': FLOOR,
             'zygote, floor only': probe(off=STRONG_LAYERS)}
    for layer in STRONG_LAYERS:
        found[f'zygote + {layer}'] = probe(off=[o for o in STRONG_LAYERS if o != layer])
    found['zygote + every layer'] = probe()
    return found


def one_child(isolation: Isolation) -> float:
    started = time.perf_counter()
    with StudentProcess(Config().limits, isolation) as child:
        child.load(SOURCE, 'mirror.py', {})
        child.call('mirror', [('BBB...WWW',)])
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--runs', type=int, default=50)
    parser.add_argument('--idle-ms', type=float, default=0.0,
                        help='pause before every child, as a grader that was idle')
    parser.add_argument('--machine-cpu', type=int, default=0, metavar='CHILDREN',
                        help="also count the machine's CPU over batches of CHILDREN children")
    args = parser.parse_args()
    tempfile.tempdir = tempfile.mkdtemp(prefix='bench-sandbox-')
    try:
        measure(args.runs, args.idle_ms / 1000, args.machine_cpu)
    finally:
        shutil.rmtree(tempfile.tempdir, ignore_errors=True)


def measure(runs: int, idle: float, batch: int = 0) -> None:
    isolations = configurations()
    samples: dict[str, list[float]] = {name: [] for name in isolations}
    machine: dict[str, list[float]] = {name: [] for name in isolations}
    for name, isolation in isolations.items():  # warm up: first imports, page cache
        one_child(isolation)
    for _ in range(runs):
        for name, isolation in isolations.items():
            time.sleep(idle)
            samples[name].append(one_child(isolation))
            if batch:
                started = machine_seconds()
                for _ in range(batch):
                    one_child(isolation)
                machine[name].append((machine_seconds() - started) / batch * 1000)
    bare = statistics.median(samples['bare child (fresh interpreter)']) * 1000
    print(f'median of {runs} runs per configuration, one child each')
    print(f'{"configuration":<34}{"ms/child":>10}{"vs bare":>10}{"x3/submission":>15}  layers')
    for name, isolation in isolations.items():
        ms = statistics.median(samples[name]) * 1000
        print(f'{name:<34}{ms:>10.1f}{ms - bare:>+10.1f}{3 * (ms - bare):>+15.1f}  '
              f'{"+".join(layer for layer in isolation.layers if layer in STRONG_LAYERS)}')
    every = statistics.median(samples['zygote + every layer']) * 1000
    floor = statistics.median(samples['zygote, floor only']) * 1000
    verdict = 'within' if 3 * (every - bare) <= GOAL_MS else 'OVER'
    print(f'every layer adds {3 * (every - bare):+.1f} ms per submission against the bare '
          f'child: {verdict} the goal of {GOAL_MS:g} ms')
    print(f'every layer adds {3 * (every - floor):+.1f} ms per submission against the '
          f'zygote with the floor only')
    if batch:
        print(f'the machine\'s CPU per child, median of {runs} batches of {batch} children')
        for name in isolations:
            print(f'{name:<34}{statistics.median(machine[name]):>10.2f} ms')
    for isolation in isolations.values():
        for warning in isolation.warnings():
            if 'turned off' not in warning:
                print(warning)
        isolation.close()


if __name__ == '__main__':
    main()
