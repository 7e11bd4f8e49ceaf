"""`hexgrade prairielearn --out DIR`: a PrairieLearn question graded by hexgrade."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autograder.commands.options import EXIT_PASSED, add_config_option


def add(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    question = commands.add_parser(
        'prairielearn', help='write a PrairieLearn question graded by these checks',
        description='Write a PrairieLearn externally graded question into DIR: '
                    'questions/hexapawn/ (info.json, question.html, tests/grader.toml) and '
                    'serverFilesCourse/hexgrade/ (the grader, with hexgrade and what it '
                    'needs). Copy both into your course. Points, limits and what students '
                    'see come from grader.toml.')
    question.add_argument('--out', type=Path, metavar='DIR', required=True,
                          help='a new folder to write the question into')
    question.add_argument('--wheel', type=Path, metavar='FILE',
                          help='a hexgrade wheel to ship, instead of building one from the '
                               'source tree')
    add_config_option(question)
    question.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from autograder.integrations.platforms import write_prairielearn_question
    from autograder.integrations.platforms.settings import settings_text

    settings, said = settings_text(args.config)
    print(said, file=sys.stderr)
    for path in write_prairielearn_question(args.out, settings, args.wheel):
        print(f'wrote {path}')
    print(f'next: copy {args.out / "questions"} and {args.out / "serverFilesCourse"} into '
          f'your course')
    return EXIT_PASSED
