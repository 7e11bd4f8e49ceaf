"""`hexgrade grade [CLASS] --out OUT`: grade a whole class; with no CLASS, the sample class."""
from __future__ import annotations

import argparse
import difflib
import itertools
import os
import sys
import tempfile
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, ContextManager

from autograder.commands.options import (EXIT_PASSED, add_config_option, config_from,
                                         probed_isolation)
from autograder.errors import GraderError, UsageError

if TYPE_CHECKING:  # the batch machinery loads only when a class is graded
    from autograder.classroom.cluster import Cluster
    from autograder.classroom.workers import Started
    from autograder.records import Found
    from autograder.settings.config import Config

DEFAULT_OUT = Path('hexgrade-out')
SHOWN = 5  # students named in the error for those the grader failed on; the summary has all


def add(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from autograder.classroom.layouts import LAYOUTS

    grade = commands.add_parser(
        'grade', help='grade a whole class: gradebook, feedback pages and a class summary',
        description='Grade every submission in CLASS: a folder with one folder or file per '
                    'student, nbgrader\'s submitted/ tree, or the zip of all submissions from '
                    'Canvas or Moodle. With no CLASS, grade the sample class that comes with '
                    'hexgrade.')
    grade.add_argument('class_path', type=Path, nargs='?', metavar='CLASS')
    grade.add_argument('--out', type=Path, default=DEFAULT_OUT, metavar='OUT',
                       help=f'folder for the results (default: {DEFAULT_OUT})')
    grade.add_argument('-j', '--jobs', type=int, default=_cores(), metavar='N',
                       help='submissions graded side by side (default: the number of cores)')
    grade.add_argument('--layout', choices=LAYOUTS,
                       help='how CLASS is laid out (default: worked out from CLASS)')
    grade.add_argument('--assignment', metavar='NAME',
                       help="the assignment graded: the one to grade in nbgrader's "
                            "submitted/ tree; for a Canvas zip, the heading of the "
                            "gradebook's column, as Canvas exports it: \"Hexapawn (4521)\"")
    grade.add_argument('--no-cache', action='store_true',
                       help='regrade every submission, even unchanged ones')
    grade.add_argument('--student', action='append', default=[], metavar='ID',
                       help="regrade this student (their id, as in grades.csv) even if "
                            "unchanged, taking every other student's result from the "
                            "cache where it holds one; may be given more than once")
    grade.add_argument('--to-gradebook', type=Path, metavar='COURSE_DIR',
                       help='also write the scores and feedback into the gradebook of this '
                            'nbgrader course (one written by `hexgrade nbgrader`)')
    grade.add_argument('--dask', metavar='ADDRESS',
                       help='grade on a Dask cluster: the address of its scheduler, or '
                            'local:N to start one of N workers on this machine (needs '
                            "hexgrade[dask]; the class and OUT must be where every worker "
                            'reads them at the same path)')
    add_config_option(grade)
    grade.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from autograder.classroom.sample import write_sample_class
    from autograder.kit.paths import teachers_only

    _named_paths_exist(args)
    cluster = _cluster(args.dask) if args.dask is not None else None
    config = config_from(args)
    if args.jobs < 1:
        raise UsageError(f'-j {args.jobs}: at least one submission must be graded at a time')
    out: Path = args.out
    if out.exists() and not out.is_dir():
        raise UsageError(f'{out}: is a file; --out needs a folder for the results')
    if args.class_path is None:
        teachers_only('grading the sample class')
    class_path: Path = args.class_path or write_sample_class(out / 'sample-class')
    if class_path.is_dir() and out.resolve().is_relative_to(class_path.resolve()):
        raise UsageError(f'{out}: is inside {class_path}, so it would be graded as a student',
                         tip='put the results somewhere else with --out')
    with _workers_ahead(args, class_path, config, cluster) as ahead:
        return _grade(args, config, class_path, out, cluster, ahead)


def _grade(args: argparse.Namespace, config: Config, class_path: Path, out: Path,
           cluster: Cluster | None, ahead: Started | None) -> int:
    from autograder.classroom.batch import grade_class
    from autograder.classroom.cache import ResultCache, settings_digest
    from autograder.classroom.layouts import find_students
    from autograder.classroom.progress import ProgressBar
    from autograder.render.outputs import StudentFiles, write_outputs
    from autograder.render.terminal import printable, summary_line

    with tempfile.TemporaryDirectory(prefix='hexgrade-class-',
                                     dir=_unpack_beside(out, cluster)) as unpacked:
        found = find_students(class_path, args.layout, Path(unpacked), args.assignment)
        if not found.students:
            raise UsageError(f'{class_path}: no submissions found in it',
                             tip='a class is a folder with one folder or file per student, '
                                 'or the zip from your LMS')
        _named_students_exist(args.student, found)
        isolation = _isolation(ahead)
        out.mkdir(parents=True, exist_ok=True)
        cache = ResultCache(out / '.cache', settings_digest(config, isolation))
        bar = ProgressBar(sys.stderr)
        files = StudentFiles(config.show, found.assignment)
        batch = grade_class(found, config, isolation, args.jobs, cache,
                            reuse=not args.no_cache, progress=bar.update, cluster=cluster,
                            ahead=ahead, on_graded=files.add, snapshots_in=Path(unpacked),
                            regrade=frozenset(args.student))
        bar.finish()
        summary = write_outputs(batch, out, files)
    print(summary_line(batch))
    print(f'Class summary: {summary}')
    if args.to_gradebook is not None:
        from autograder.integrations.nbgrader.gradebook import write_gradebook
        written = write_gradebook(args.to_gradebook, [(g.student.id, g.result)
                                                      for g in batch.graded], config.show)
        count = written.students
        print(f'Gradebook: {count} student{"s" if count != 1 else ""} written into '
              f'{args.to_gradebook}')
        for line in written.disagreed:
            print(f'  {line}')
    if batch.grader_failed:  # everything is written: the error is for the exit code
        ids = [printable(g.student.id) for g in batch.grader_failed]
        more = f' and {len(ids) - SHOWN} more' if len(ids) > SHOWN else ''
        raise GraderError(f'the grader failed on {", ".join(ids[:SHOWN])}{more}, so their 0 '
                          f'is not a grade',
                          tip='the class summary says why, under Flagged submissions; grade '
                              'the class again once that is put right')
    return EXIT_PASSED


def _named_students_exist(named: list[str], found: Found) -> None:
    """A student named to regrade who is not in the class is said before any grading."""
    ids = [student.id for student in found.students]
    for name in named:
        if name not in ids:
            close = difflib.get_close_matches(name, ids, n=1)
            raise UsageError(f'--student {name}: no such student in the class' +
                             (f': did you mean {close[0]}?' if close else ''),
                             tip='the ids are the first column of grades.csv')


def _isolation(ahead: Started | None) -> str:
    """The sandbox's isolation, said once to the teacher with what it lacks: as the
    workers started ahead found it as they started (each sets up its own), else
    probed here."""
    probed = ahead.probed() if ahead is not None else None
    if probed is not None and probed.name is not None:
        for warning in probed.warnings:
            print(warning, file=sys.stderr)
        return probed.name
    isolation = probed_isolation()
    isolation.close()
    if probed is not None:  # it works here, but did not in a worker: say so
        print(f'warning: a grading process could not set up its sandbox '
              f'({probed.failed}); others grade the class, and a student given to it '
              f'is flagged with that reason', file=sys.stderr)
    return isolation.name


def _workers_ahead(args: argparse.Namespace, class_path: Path, config: Config,
                   cluster: Cluster | None) -> ContextManager[Started | None]:
    """Workers started now, when every submission will be graded (told not to use the
    cache, or no cache yet): their start-up overlaps the probe and the search for the
    students. Where results may come from the cache, none start before it is known
    how many are needed."""
    if cluster is not None or (not args.no_cache and (args.out / '.cache').exists()):
        return nullcontext()
    count = min(args.jobs, len(args.student)) if args.student else args.jobs
    if class_path.is_dir():  # no more workers than entries, of which some may be no student
        count = sum(1 for _ in itertools.islice(class_path.iterdir(), count))
    if count == 0:
        return nullcontext()
    from autograder.classroom.workers import Started
    return Started(count, config)


def _named_paths_exist(args: argparse.Namespace) -> None:
    """A path that is not there is said before any work starts: no sandbox probed, no
    OUT written, no class graded only to fail at the end."""
    if args.class_path is not None and not args.class_path.exists():
        raise UsageError(f'{args.class_path}: no such file or folder',
                         tip='give the folder of submissions, or the zip from your LMS')
    if args.to_gradebook is not None and not args.to_gradebook.is_dir():
        raise UsageError(f'{args.to_gradebook}: no such folder',
                         tip='give the folder of a course written by `hexgrade nbgrader`')


def _cluster(address: str) -> Cluster:
    try:
        from autograder.classroom.cluster import parse_cluster
    except ImportError:
        raise UsageError('--dask needs Dask, which is not installed',
                         tip="pip install 'hexgrade[dask]'") from None
    return parse_cluster(address)


def _unpack_beside(out: Path, cluster: Cluster | None) -> Path | None:
    """Where a zipped class is unpacked, and the snapshots the workers grade are
    written: in OUT when other machines grade it, since they read them by path and see
    OUT; else the system's temporary folder."""
    if cluster is None or cluster.address is None:
        return None
    out.mkdir(parents=True, exist_ok=True)
    return out


def _cores() -> int:
    if sys.platform == 'linux' and hasattr(os, 'sched_getaffinity'):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1
