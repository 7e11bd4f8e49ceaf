"""`hexgrade check PATH`: grade one submission and show what is wrong."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import UsageError
from .options import EXIT_FAILED, EXIT_PASSED, add_config_option, config_from, isolation_from


def add(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    check = commands.add_parser(
        'check', help='check one submission and show what is wrong',
        description='Check a folder holding mirror.py, winner.py and count_boxes.py (any '
                    'of them), one .py file, or a .ipynb notebook.')
    check.add_argument('path', type=Path, metavar='PATH', nargs='?')
    check.add_argument('--json', action='store_true',
                       help='print a Gradescope results.json object instead of text')
    check.add_argument('--isolation', action='store_true',
                       help='say which isolation layers work here (probed now), then '
                            'check PATH if one is given; HEXGRADE_ISOLATION_OFF=seccomp,... '
                            'turns layers off')
    add_config_option(check)
    check.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..grading import grade_submission  # the checks load Hypothesis: only when needed
    from ..render import gradescope, terminal
    from ..visibility import for_students

    if args.path is None and not args.isolation:
        raise UsageError('check needs a PATH', tip='give a folder, a .py file or a .ipynb '
                                                   'notebook; or --isolation alone')
    if args.path is not None and not args.path.exists():
        raise UsageError(f'{args.path}: no such file or folder',
                         tip='give a folder, a .py file or a .ipynb notebook')
    config = config_from(args)
    isolation = isolation_from(args)
    if args.isolation:
        sys.stdout.write(isolation.describe())
        if args.path is None:
            return EXIT_PASSED
    result = grade_submission(args.path, config, isolation)
    shown = for_students(result, config.show)
    if args.json:
        print(json.dumps(gradescope.results_json(shown), indent=2))
    else:
        sys.stdout.write(terminal.render(shown, terminal.wants_colour(sys.stdout)))
    return EXIT_PASSED if result.all_passed else EXIT_FAILED
