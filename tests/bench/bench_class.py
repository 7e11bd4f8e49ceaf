"""Grading a whole class: submissions per second, time lost to endless loops, peak memory.

Run: python tests/bench/bench_class.py [--students 300] [-j N] [--dask local:N | ADDRESS]
                                      [--vs-nbgrader [--sample N]] [--memory-class N]

Builds a class of STUDENTS submissions (folder per student): correct ones in every
style, each known mistake of the catalogue, every hostile submission of
tests/attacks/, and a few endless loops. Each submission is made unique, so nothing
is graded once for two students. Grades it with the full sandbox on -j workers and
prints, measured in this one run:
  rate          - submissions per second over the whole batch (goal: 50/s on 2 cores)
  endless loops - the worker time the looping submissions took, and its share of the wall
  peak memory   - the most the whole process tree held at once (sampled), and this process
  CPU           - what the whole machine computed meanwhile (every process and the kernel)
  worker memory - each grading worker's peak (its high-water mark), for an honest class
                  and, side by side, a hostile one: replies padded just under the read
                  limit and big ones all different, notebooks of millions of empty objects
                  or one-letter cells (goal: the hostile at most twice the honest)
With --dask (needs hexgrade[dask]), the same class is then graded again on a Dask
cluster (local:N starts one of N workers here, its start-up counted in), and its rate
and what a submission costs there are printed beside those of the local run.
With --vs-nbgrader, the class's correct and mistaken submissions (or --sample of them)
are also handed in as notebooks of the course `hexgrade nbgrader` writes; the real
`nbgrader autograde` and `hexgrade grade` each grade them, side by side, and the ratio
per submission is printed (nbgrader takes about 2 s a notebook: some minutes for the
whole class). Hostile and looping submissions are left out of that part: nbgrader runs
notebooks without a sandbox, on this machine.
"""
from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used, after the class is written
    from autograder.records import Batch

PROJECT = Path(__file__).resolve().parents[2]
PIECES = PROJECT / 'autograder' / 'sample_class' / 'pieces'
ATTACKS = PROJECT / 'tests' / 'attacks'
NAMES = ('mirror', 'winner', 'count_boxes')
DEFINES = re.compile(r'^def (mirror|winner|count_boxes)\b', re.MULTILINE)
# a right search of count_boxes written the long way: a second or more a call
SLOW = {'correct_every_game_replayed.py'}
LOOP = '\n\nwhile True:  # waits for a board that never comes\n    pass\n'


def pieces(correct: bool) -> dict[str, list[Path]]:
    return {name: sorted(p for p in (PIECES / name).glob('*.py')
                         if p.stem.startswith('correct_') == correct) for name in NAMES}


def build_class(folder: Path, students: int, loops: int) -> dict[str, str]:
    """Write the class; each student's id and kind (correct, mistake, hostile, loop)."""
    rng = random.Random(0)
    right, wrong = pieces(True), pieces(False)
    kinds: dict[str, str] = {}
    attacks = sorted(ATTACKS.glob('*.py'))
    for number, attack in enumerate(attacks[:students]):
        text = attack.read_text(encoding='utf-8')
        hand_in(folder / f'h{number:03d}-{attack.stem}',
                {name: text for name in set(DEFINES.findall(text))})
        kinds[f'h{number:03d}-{attack.stem}'] = 'hostile'
    mistakes = [(name, piece) for name in NAMES for piece in wrong[name]]
    for number in range(students - len(kinds)):
        sid = f's{number:03d}'
        chosen = {name: rng.choice(right[name]) for name in NAMES}
        files = {name: piece.read_text(encoding='utf-8') for name, piece in chosen.items()}
        kind = 'slow' if chosen['count_boxes'].name in SLOW else 'correct'
        if number < loops:
            files['count_boxes'] += LOOP
            kind = 'loop'
        elif number % 2:
            name, piece = mistakes[number // 2 % len(mistakes)]
            files[name] = piece.read_text(encoding='utf-8')
            kind = 'mistake'
        hand_in(folder / sid, {n: f'{t.rstrip()}\n\n# {sid}\n' for n, t in files.items()})
        kinds[sid] = kind
    return kinds


def hand_in(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / f'{name}.py').write_text(text, encoding='utf-8')


# a mirror that gives back a long answer, different for every student: its 19,683
# answers come to some 4 MB, read and kept by the worker
BIG_ANSWERS = 'def mirror(board):\n    return board * 22 + {number!r}\n'
# a mirror whose replies are padded to just under the read limit with a million empty
# objects, each reply different
PADDED = """
import gc
_count = [{number}]


def _padding(real):
    def send(write, message, compact=False):
        if 'split' not in message and 'texts' not in message:
            return real(write, message, compact)
        _count[0] += 1
        body = b'{{"n":%d,"results":[' % _count[0] + b'{{}},' * 1_390_000 + b'{{}}]}}'
        view = memoryview(b'%08d' % len(body) + body)
        while view:
            view = view[write(view):]
    return send


for _thing in gc.get_objects():
    if type(_thing).__name__ == 'Child' and hasattr(_thing, 'send'):
        _wire = type(_thing).send.__globals__['wire']
        _wire.send = _padding(_wire.send)
        break


def mirror(board):
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
"""
EMPTY_CELL = '{"cell_type":"code","metadata":{},"source":"a","outputs":[]}'


def build_memory_classes(folder: Path, each: int) -> tuple[Path, Path]:
    """An honest class of `each` right and mistaken students, and a hostile one of as
    many: big answers all different, padded replies, huge and many-celled notebooks."""
    honest, hostile = folder / 'honest', folder / 'hostile'
    rng = random.Random(1)
    right, wrong = pieces(True), pieces(False)
    # not the right search slow on purpose: a class of it would measure its time alone
    right['count_boxes'] = [p for p in right['count_boxes'] if 'replayed' not in p.name]
    for number in range(each):
        chosen = right if number % 2 else wrong
        hand_in(honest / f's{number:03d}', {name: rng.choice(chosen[name]).read_text(
            encoding='utf-8') + f'\nSTUDENT = {number}\n' for name in NAMES})
        kind = number % 4
        sid = hostile / f'h{number:03d}'
        if kind == 0:
            hand_in(sid, {'mirror': BIG_ANSWERS.format(number=f'{number:06d}')})
        elif kind == 1:
            hand_in(sid, {'mirror': PADDED.format(number=number * 1000)})
        else:
            sid.mkdir(parents=True)
            cell = '{}' if kind == 2 else EMPTY_CELL
            count = 20_000_000 if kind == 2 else 400_000
            (sid / 'all.ipynb').write_text('{"cells": [' + ','.join([cell] * count) +
                                           f'], "n": {number}}}')
    return honest, hostile


class WorkerPeaks(threading.Thread):
    """The high-water mark of resident memory (VmHWM) of each process this one started
    (the grading workers), read every 50 ms while they live."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peaks: dict[int, int] = {}
        self.running = True

    def run(self) -> None:
        me = os.getpid()
        while self.running:
            for entry in os.listdir('/proc'):
                if not entry.isdigit():
                    continue
                try:
                    with open(f'/proc/{entry}/stat') as stat:
                        parent = int(stat.read().rsplit(')', 1)[1].split()[1])
                    if parent != me:
                        continue
                    with open(f'/proc/{entry}/status') as status:
                        high = next(int(line.split()[1]) * 1024 for line in status
                                    if line.startswith('VmHWM:'))
                except (OSError, IndexError, ValueError, StopIteration):
                    continue
                self.peaks[int(entry)] = max(self.peaks.get(int(entry), 0), high)
            time.sleep(0.05)


def worker_memory(root: Path, jobs: int, each: int) -> None:
    """Each worker's peak memory grading the honest class, then the hostile one."""
    honest, hostile = build_memory_classes(root / 'memory', each)
    found = {}
    for name, klass in (('honest', honest), ('hostile', hostile)):
        peaks = WorkerPeaks()
        peaks.start()
        started = time.perf_counter()
        grade(klass, 'folders', jobs)
        wall = time.perf_counter() - started
        peaks.running = False
        peaks.join()
        # the workers: the largest of what this process started (a probe's zygote, and
        # the bubblewrap around it, are smaller)
        workers = sorted(peaks.peaks.values())[-jobs:]
        found[name] = max(workers, default=0)
        shown = ', '.join(f'{peak / 2**20:.0f}' for peak in workers)
        print(f'worker memory, {name} class of {each}: peak {found[name] / 2**20:.0f} MiB '
              f'(each worker: {shown} MiB), graded in {wall:.1f} s')
    if found['honest']:
        print(f'worker memory: the hostile class\'s peak is '
              f'{found["hostile"] / found["honest"]:.2f} times the honest one\'s (goal: at '
              f'most 2)')


class MemorySampler(threading.Thread):
    """The resident memory of this process and all its descendants, every 0.2 s."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peak = 0
        self.running = True

    def run(self) -> None:
        while self.running:
            self.peak = max(self.peak, tree_rss(os.getpid()))
            time.sleep(0.2)


def machine_busy() -> float:
    """Seconds of CPU the whole machine has spent (every process, and the kernel)."""
    with open('/proc/stat', encoding='ascii') as stat:
        ticks = [int(n) for n in stat.readline().split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf('SC_CLK_TCK')  # not idle, iowait


def tree_rss(root: int) -> int:
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    page = os.sysconf('SC_PAGE_SIZE')
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open(f'/proc/{entry}/stat') as stat:
                fields = stat.read().rsplit(')', 1)[1].split()
            rss[int(entry)] = int(fields[21]) * page
            children.setdefault(int(fields[1]), []).append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        todo += children.get(pid, [])
    return total


def grade(folder: Path, layout: str, jobs: int, dask: str | None = None) -> Batch:
    from autograder.classroom.batch import grade_class
    from autograder.classroom.layouts import find_students
    from autograder.commands.options import probed_isolation
    from autograder.settings.config import Config

    isolation = probed_isolation().name
    with tempfile.TemporaryDirectory() as work:
        found = find_students(folder, layout, Path(work))
        if dask is None:
            return grade_class(found, Config(), isolation, jobs, None)
        from autograder.classroom.cluster import parse_cluster
        return grade_class(found, Config(), isolation, jobs, None,
                           cluster=parse_cluster(dask))


def nbgrader_course(root: Path, kinds: dict[str, str], klass: Path, sample: int | None
                    ) -> Path:
    from autograder.cli import main

    course = root / 'course'
    with contextlib.redirect_stdout(io.StringIO()):  # the course writer lists its files
        assert main(['nbgrader', str(course)]) == 0
    run_nbgrader(course, 'generate_assignment', 'hexapawn')
    release = json.loads((course / 'release/hexapawn/hexapawn.ipynb').read_text())
    wanted = ('correct', 'slow', 'mistake')
    chosen = [sid for sid, kind in kinds.items() if kind in wanted][:sample]
    for sid in chosen:
        notebook = copy.deepcopy(release)
        for cell in notebook['cells']:
            grade_id = cell['metadata'].get('nbgrader', {}).get('grade_id', '')
            if grade_id.startswith('answer_'):
                name = grade_id.removeprefix('answer_')
                cell['source'] = (klass / sid / f'{name}.py').read_text(encoding='utf-8')
        folder = course / 'submitted' / sid / 'hexapawn'
        folder.mkdir(parents=True)
        (folder / 'hexapawn.ipynb').write_text(json.dumps(notebook), encoding='utf-8')
    return course


def run_nbgrader(course: Path, *args: str) -> None:
    done = subprocess.run([sys.executable, '-m', 'nbgrader', *args], cwd=course,
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f'nbgrader {" ".join(args)} failed:\n{done.stdout}{done.stderr}')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--students', type=int, default=300)
    parser.add_argument('--loops', type=int, default=4, help='extra endless loops')
    parser.add_argument('-j', '--jobs', type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument('--dask', metavar='ADDRESS',
                        help='also grade the class on this Dask cluster (local:N for one '
                             'of N workers on this machine) and compare')
    parser.add_argument('--vs-nbgrader', action='store_true')
    parser.add_argument('--memory-class', type=int, default=40, metavar='N',
                        help='students in each of the honest and hostile classes whose '
                             'workers\' peak memory is compared (0: leave that part out)')
    parser.add_argument('--sample', type=int, default=None,
                        help='for --vs-nbgrader, grade only this many of the class\'s '
                             'correct and mistaken submissions (default: all of them; each '
                             'side\'s start-up counts once, so a smaller sample favours '
                             'nbgrader)')
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix='bench-class-') as root:
        klass = Path(root) / 'class'
        kinds = build_class(klass, args.students, args.loops)
        counts = {k: list(kinds.values()).count(k) for k in ('correct', 'slow', 'mistake',
                                                              'hostile', 'loop')}
        sampler = MemorySampler()
        sampler.start()
        started, busy_before = time.perf_counter(), machine_busy()
        batch = grade(klass, 'folders', args.jobs)
        wall = time.perf_counter() - started
        busy = machine_busy() - busy_before
        sampler.running = False
        sampler.join()
        report(batch, wall, counts, args.jobs, sampler.peak)
        slow_share(batch, kinds, wall, args.jobs)
        cpu(busy, wall, len(batch.graded))
        if args.memory_class:
            worker_memory(Path(root), args.jobs, args.memory_class)
        if args.dask:
            versus_dask(klass, args.dask, batch, wall)
        if args.vs_nbgrader:
            versus_nbgrader(Path(root), kinds, klass, args.sample, args.jobs)


def slow_share(batch: Batch, kinds: dict[str, str], wall: float, jobs: int) -> None:
    """What the right but slow students cost: their workers' time, as a share of all the
    workers' time the batch had."""
    slow = [g.seconds for g in batch.graded if kinds.get(g.student.id) == 'slow']
    print(f'right but slow: {len(slow)} students took {sum(slow):.1f} s of worker time, '
          f'{sum(slow) / (jobs * wall) * 100:.0f}% of the workers\' time '
          f'({max(slow, default=0):.1f} s the slowest)')


def cpu(busy: float, wall: float, graded: int) -> None:
    cores = len(os.sched_getaffinity(0))
    print(f'CPU: the machine computed {busy:.1f} s in all, {busy / wall / cores * 100:.0f}% '
          f'of its {cores} cores; {busy / graded * 1000:.0f} ms per submission')


def versus_dask(klass: Path, address: str, local: Batch, local_wall: float) -> None:
    started, busy_before = time.perf_counter(), machine_busy()
    batch = grade(klass, 'folders', 0, address)
    wall = time.perf_counter() - started
    busy = machine_busy() - busy_before
    count = len(batch.graded)
    same = [g.result.points for g in batch.graded] == [g.result.points for g in local.graded]
    print(f'dask {address}: {count / wall:.1f} submissions/s ({wall:.1f} s in all, starting '
          f'the cluster included), beside {len(local.graded) / local_wall:.1f}/s graded here '
          f'in this run; the same points for every student: {"yes" if same else "NO"}')
    per = sum(g.seconds for g in batch.graded) / count
    here = sum(g.seconds for g in local.graded) / len(local.graded)
    print(f'dask: a worker spent {per * 1000:.0f} ms grading a submission on average '
          f'({here * 1000:.0f} ms on a local worker; endless loops included)')
    cpu(busy, wall, count)


def report(batch: Batch, wall: float, counts: dict[str, int], jobs: int, peak: int) -> None:
    graded = batch.graded
    print(f'class: {len(graded)} submissions ({", ".join(f"{n} {k}" for k, n in counts.items())}'
          f'), {jobs} workers, isolation {batch.isolation}')
    print(f'rate: {len(graded) / wall:.1f} submissions/s ({wall:.1f} s in all; goal 50/s)')
    busy = sum(g.seconds for g in graded) / (jobs * wall)
    print(f'workers: busy grading {busy * 100:.0f}% of the wall time (the rest is starting '
          f'them, finding the students and handing out work)')
    # a time limit that stopped a child shows as a timeout flag; a slow submission that
    # stayed within its limits has none
    timed_out = [g for g in graded if any(flag.kind == 'timeout'
                                          for e in g.result.exercises for flag in e.flags)]
    others = [g.seconds for g in graded if g not in timed_out]
    typical = statistics.median(others) if others else 0.0
    lost = sum(g.seconds - typical for g in timed_out)
    print(f'endless loops: {len(timed_out)} submissions ran into a time limit; they took '
          f'{lost:.1f} s of worker time beyond a typical submission ({typical * 1000:.0f} ms), '
          f'about {lost / jobs:.1f} s of the {wall:.1f} s wall time')
    for graded_one in sorted(timed_out, key=lambda g: -g.seconds):
        print(f'  {graded_one.seconds:5.1f} s  {graded_one.student.id}')
    if timed_out and wall > lost / jobs:
        rest = len(graded) - len(timed_out)
        print(f'rate without them: {rest / (wall - lost / jobs):.1f} submissions/s')
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    largest = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f'peak memory: {peak / 2**20:.0f} MiB for the whole process tree (sampled); '
          f'largest single process {largest:.0f} MiB; this process {own:.0f} MiB')


def versus_nbgrader(root: Path, kinds: dict[str, str], klass: Path, sample: int | None,
                    jobs: int) -> None:
    try:
        import nbgrader  # noqa: F401
    except ImportError:
        raise SystemExit("--vs-nbgrader needs nbgrader: pip install -e '.[nbgrader]'")
    course = nbgrader_course(root, kinds, klass, sample)
    started = time.perf_counter()
    batch = grade(course, 'nbgrader', jobs)
    ours = (time.perf_counter() - started) / len(batch.graded)
    started = time.perf_counter()
    run_nbgrader(course, 'autograde', 'hexapawn')
    theirs = (time.perf_counter() - started) / len(batch.graded)
    print(f'vs nbgrader, the same {len(batch.graded)} notebooks: nbgrader autograde '
          f'{theirs:.2f} s/submission, hexgrade grade {ours:.3f} s/submission: '
          f'{theirs / ours:.0f} times faster (goal: 50)')


if __name__ == '__main__':
    main()
