"""`hexgrade nbgrader COURSE`: write a ready nbgrader course whose grading cells use
our checks. (Named so that it never shadows the `nbgrader` package.)"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from autograder.commands.options import EXIT_PASSED, add_config_option, config_from


def add(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    course = commands.add_parser(
        'nbgrader', help='write an nbgrader course whose autograded cells use these checks',
        description='Write an nbgrader course folder: nbgrader_config.py and the hexapawn '
                    'assignment (notebook and game file) under source/. Points, limits and '
                    'what students see come from grader.toml.')
    course.add_argument('course', type=Path, metavar='COURSE_DIR')
    course.add_argument('--force', action='store_true',
                        help='replace the course files if they exist already')
    add_config_option(course)
    course.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from autograder.integrations.nbgrader.course import write_course
    from autograder.integrations.nbgrader.layout import ASSIGNMENT
    from autograder.kit.paths import teachers_only

    teachers_only('writing an nbgrader course')
    config = config_from(args)
    # said before anything is written: a relative COURSE_DIR lands in the current
    # folder, which may not be where the teacher thinks they are
    print(f'writing the nbgrader course into {args.course.resolve()}{os.sep}')
    for path in write_course(args.course, config, force=args.force):
        print(f'wrote {path}')
    print(f'next: cd {args.course} && nbgrader generate_assignment {ASSIGNMENT}')
    return EXIT_PASSED
