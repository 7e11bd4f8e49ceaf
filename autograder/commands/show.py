"""`hexgrade show OUT STUDENT`: one student's stored result, as `hexgrade check` shows it."""
from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from autograder.commands.options import EXIT_PASSED
from autograder.errors import UsageError


def add(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    show = commands.add_parser(
        'show', help="show one student's result from a graded class, in the terminal",
        description='Show the result `hexgrade grade` stored in OUT for STUDENT (their id, '
                    'as in grades.csv), as `hexgrade check` shows a result: every check, '
                    'the boards, the hints, and the notes for you.')
    show.add_argument('out', type=Path, metavar='OUT')
    show.add_argument('student', metavar='STUDENT')
    show.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from autograder.render import terminal
    from autograder.render.outputs import stored_record, stored_records

    out: Path = args.out
    if not out.is_dir():
        raise UsageError(f'{out}: no such folder', tip='give the OUT of `hexgrade grade`')
    stored = stored_records(out)
    if not stored:
        raise UsageError(f'{out} holds no graded class',
                         tip='grade one into it: hexgrade grade CLASS --out OUT')
    path = stored.get(args.student)
    if path is None:
        close = difflib.get_close_matches(args.student, list(stored), n=1)
        raise UsageError(f'{out} has no student {args.student!r}' +
                         (f': did you mean {close[0]!r}?' if close else ''),
                         tip='the ids are the first column of grades.csv')
    record = stored_record(path)
    if record is None:
        raise UsageError(f'the stored result of {args.student} in {out} cannot be read',
                         tip='grade the class again: hexgrade grade CLASS --out OUT')
    text = terminal.render(record, terminal.wants_colour(sys.stdout))
    sys.stdout.write(text)
    if record.notes:
        sys.stdout.write('\nfor you: ' + '; '.join(record.notes) + '\n')
    return EXIT_PASSED
