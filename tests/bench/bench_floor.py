"""hexgrade grade against its floor: how many times the bare work grading takes.

Run: python tests/bench/bench_floor.py [--students 160] [--rounds 3] [-j 2] [--quick]

Builds a class of STUDENTS unique submissions (a folder per student) from the
correct and mistaken pieces of the sample class and of tests/unlisted_mistakes,
each exercise drawn on its own, so students differ in which files are right; no
endless loops. Right but slow students (a search that replays every game, a second
or more a call) come in the sample class's proportion, one in 34. Every file differs
from every other in its code (a line that binds the student's id), so that nothing
is graded once for two students. Then, alternating ROUNDS times, it times on -j
parallel processes:
  floor    - the same students' functions imported and asked at least what grading
             must ask (mirror on all 3^9 boards, winner on the 135 positions of real
             games, count_boxes four times), in one forked process per submission,
             with no sandbox, no checks, no diagnosis and no output written
  hexgrade - `hexgrade grade --no-cache -j N` on the same class, outputs and all
Each side is a fresh interpreter, so each pays one start-up. Both read the
project's modules byte-compiled, as an installed hexgrade does from its second run
on (pip compiles a wheel's modules; an editable install writes them at first use),
even where PYTHONDONTWRITEBYTECODE is set: they are compiled once, before the
rounds, into the __pycache__ folders beside them. It prints every figure (each
round's own ratio, and their median, which the machine's drifting speed moves less),
then the ratio of the medians last (goal: at most 2.0 with every layer on).
"""
from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import product
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
PIECES = (PROJECT / 'autograder' / 'sample_class' / 'pieces',
          PROJECT / 'tests' / 'unlisted_mistakes')
GAME_FILE = PROJECT / 'exercises' / 'hexapawn.py'
NAMES = ('mirror', 'winner', 'count_boxes')
# slow on purpose (a search that replays every game from the start): a class of them
# would measure that one student's search, not the grader
SLOW = {'count_boxes/correct_every_game_replayed.py'}
COUNT_BOXES_ASKED: list[tuple[object, ...]] = [(True,), (False,), (True,), (False,)]


def pieces(correct: bool) -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for name in NAMES:
        found[name] = sorted(
            piece for folder in PIECES for piece in (folder / name).glob('*.py')
            if piece.stem.startswith('correct_') == correct
            and f'{name}/{piece.name}' not in SLOW)
    return found


SLOW_SHARE = 1 / 34  # the sample class's: one right but slow search in 34 students


def build_class(folder: Path, students: int) -> None:
    """Each file right or wrong by a coin of its own; a piece's own bytes (a byte order
    mark, CRLF) are kept, and a last line of code binding the student's id makes every
    file unique, so that no grading is shared between students (a comment would not:
    the grader may leave comments out of what it runs). Every 34th student's
    count_boxes is the right but slow search."""
    rng = random.Random(0)
    right, wrong = pieces(True), pieces(False)
    slow = [PIECES[0] / piece for piece in sorted(SLOW)]
    every = round(1 / SLOW_SHARE)
    for number in range(students):
        sid = f's{number:03d}'
        (folder / sid).mkdir(parents=True)
        for name in NAMES:
            piece = rng.choice(right[name] if rng.random() < 0.5 else wrong[name])
            if name == 'count_boxes' and number % every == every // 2:
                piece = slow[number // every % len(slow)]
            text = piece.read_bytes()
            newline = b'\r\n' if b'\r\n' in text else b'\n'
            (folder / sid / f'{name}.py').write_bytes(
                text.rstrip() + newline * 2 + f'STUDENT_ID = {sid!r}'.encode() + newline)


# -- the floor -------------------------------------------------------------------------

def floor(klass: Path, jobs: int) -> None:
    """Fork one process per submission, at most `jobs` at a time, and wait for all."""
    from hexapawn_ref.positions import reachable

    asked: dict[str, list[tuple[object, ...]]] = {
        'mirror': [(''.join(squares),) for squares in product('.BW', repeat=9)],
        'winner': list(reachable()),
        'count_boxes': list(COUNT_BOXES_ASKED)}
    running = 0
    for folder in sorted(klass.iterdir()):
        if running == jobs:
            os.wait()
            running -= 1
        if os.fork() == 0:
            try:
                ask(folder, asked)
            finally:
                os._exit(0)
        running += 1
    while running:
        os.wait()
        running -= 1


def ask(folder: Path, asked: dict[str, list[tuple[object, ...]]]) -> None:
    """Import the student's three files and call each function on what grading asks;
    the answers are dropped: checking them is the grader's work, not the floor's."""
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    sys.path[:0] = [str(folder), str(GAME_FILE.parent)]
    for name in NAMES:
        try:
            function = getattr(importlib.import_module(name), name)
        except BaseException:  # a mistaken file is still a student's: it may do anything
            continue
        for args in asked[name]:
            try:
                function(*args)
            except Exception:
                pass


# -- the measurement ---------------------------------------------------------------------

def byte_compile() -> None:
    """The project's modules compiled where Python looks for them, beside their
    sources (the standard library and installed packages are compiled already)."""
    subprocess.run([sys.executable, '-m', 'compileall', '-q', *(str(PROJECT / name) for name in
                    ('autograder', 'hexapawn_ref', 'exercises'))], check=True,
                   stdout=subprocess.DEVNULL)


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - started
    if done.returncode:
        raise SystemExit(f'{" ".join(command)} failed ({done.returncode}):\n'
                         f'{done.stdout}{done.stderr}')
    return seconds


def isolation() -> str:
    from autograder.commands.options import probed_isolation

    probed = probed_isolation(warn=False)
    try:
        return probed.name
    finally:
        probed.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--students', type=int, default=160)
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('-j', '--jobs', type=int, default=2)
    parser.add_argument('--quick', action='store_true',
                        help='40 students, one round: to see that it runs, not to quote')
    parser.add_argument('--floor', type=Path, metavar='CLASS', help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.floor:  # one side of the measurement, in an interpreter of its own
        floor(args.floor, args.jobs)
        return
    if args.quick:
        args.students, args.rounds = 40, 1
    with tempfile.TemporaryDirectory(prefix='bench-floor-') as root:
        klass = Path(root) / 'class'
        build_class(klass, args.students)
        byte_compile()
        print(f'class: {args.students} unique submissions, -j {args.jobs}, '
              f'isolation {isolation()}')
        floors, grades = [], []
        for round_number in range(1, args.rounds + 1):
            floors.append(timed([sys.executable, __file__, '--floor', str(klass),
                                 '-j', str(args.jobs)]))
            grades.append(timed([sys.executable, '-m', 'autograder', 'grade', str(klass),
                                 '--out', str(Path(root) / f'out-{round_number}'),
                                 '--no-cache', '-j', str(args.jobs)]))
            print(f'round {round_number}: floor {floors[-1]:.2f} s '
                  f'({floors[-1] / args.students * 1000:.0f} ms/submission), hexgrade grade '
                  f'{grades[-1]:.2f} s ({grades[-1] / args.students * 1000:.0f} ms/submission, '
                  f'{args.students / grades[-1]:.1f} submissions/s), '
                  f'{grades[-1] / floors[-1]:.2f} times the floor')
        floor_s, grade_s = statistics.median(floors), statistics.median(grades)
        # the rounds' own ratios, each of two runs side by side: where the machine's speed
        # drifts during the run, their median moves less than the ratio of the medians
        paired = statistics.median(g / f for f, g in zip(floors, grades))
        print(f'median: floor {floor_s:.2f} s, hexgrade grade {grade_s:.2f} s; '
              f'median of the rounds\' ratios {paired:.2f}')
        print(f'ratio: {grade_s / floor_s:.2f} (goal: at most 2.0)')


if __name__ == '__main__':
    main()
