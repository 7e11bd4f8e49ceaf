"""`hexgrade kit --out DIR`: what students need, and nothing more (see `kit.build`)."""
from __future__ import annotations

import argparse
from pathlib import Path

from autograder.commands.options import EXIT_PASSED
from autograder.errors import UsageError


def add(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    kit = commands.add_parser(
        'kit', help="write the students' kit: the stubs, the game file, the test file and "
                    "a checker without the model answers",
        description='Write into DIR what students need and nothing more: the three stubs, '
                    "the lesson's game file, the test file they run with pytest, a "
                    'README.txt, and checker/hexgrade-*.whl, the checker they install to '
                    'run `hexgrade check` (the same checks and hints, without the model '
                    "answers or the reference's searches).")
    kit.add_argument('--out', type=Path, required=True, metavar='DIR',
                     help='the folder to write the kit into')
    kit.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from autograder.kit.build import write_kit

    out: Path = args.out
    if out.exists() and not out.is_dir():
        raise UsageError(f'{out}: is a file; --out needs a folder for the kit')
    if out.is_dir() and any(out.iterdir()):
        raise UsageError(f'{out}: is not empty', tip='give a new folder for the kit')
    written = write_kit(out)
    print(f'wrote the kit into {out}: ' + ', '.join(p.relative_to(out).as_posix()
                                                    for p in written))
    print('next: hand the folder to your students; its README.txt says how to install the '
          'checker and check their work')
    return EXIT_PASSED
