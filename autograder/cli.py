"""The command line: `hexgrade COMMAND ...`, one module per command in `commands/`.

`main` is the only place that turns our exceptions into `error: ...` lines and
exit codes; nothing else exits.
"""
from __future__ import annotations

import argparse
import gc
import sys
import traceback
from typing import NoReturn, Sequence

from autograder import __version__
from autograder.commands import check, grade, gradescope, kit, nbgrader_course, prairielearn, show
from autograder.commands.options import EXIT_GRADER, EXIT_PASSED, EXIT_USAGE
from autograder.errors import ConfigError, GraderError, UsageError

COMMANDS = (
    check,
    grade,
    show,
    kit,
    nbgrader_course,
    gradescope,
    prairielearn,
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse has printed its message already
        return EXIT_PASSED if exit_.code == 0 else EXIT_USAGE
    try:
        return int(args.run(args))
    except GraderError as error:
        print(f'error: {error}', file=sys.stderr)
        if error.tip:
            print(f'tip: {error.tip}', file=sys.stderr)
        return EXIT_USAGE if isinstance(error, (UsageError, ConfigError)) else EXIT_GRADER
    except KeyboardInterrupt:
        print('error: interrupted', file=sys.stderr)
        return 130
    except Exception:  # a bug of ours: say so, never as a verdict on the submission
        traceback.print_exc()
        print('error: hexgrade itself failed (a bug in the grader, not in the submission); '
              'the details are above', file=sys.stderr)
        return EXIT_GRADER


def run() -> NoReturn:
    """The `hexgrade` program (and `python -m autograder`): `main`, then its exit code.
    What the run leaves is frozen first (`gc.freeze`), or the interpreter's last
    collection walks a class's records and tables just before the system takes the
    memory back: some 30 ms of every run. Exit handlers run as ever; only what is
    left in a reference cycle is not finalised, and the grader leaves no file open."""
    code = main()
    gc.freeze()
    sys.exit(code)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog='hexgrade', description='Grade the starred exercises of the hexapawn lesson.')
    parser.add_argument('--version', action='version', version=f'hexgrade {__version__}')
    commands = parser.add_subparsers(dest='command', required=True, metavar='COMMAND')
    for command in COMMANDS:
        command.add(commands)
    return parser
