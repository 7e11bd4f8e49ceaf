"""Options and exit codes that several subcommands share."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autograder.errors import UsageError
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # loaded by the command that needs them, not by every command
    from autograder.sandbox import Isolation
    from autograder.settings.config import Config

EXIT_PASSED, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
# the grader failed (a bug of ours, or a machine it cannot work on), on the whole run or
# on some students of a class: never a verdict, and never the command line's fault
EXIT_GRADER = 3


def add_config_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument('--config', type=Path, metavar='FILE',
                        help='grading settings (default: ./grader.toml if there is one and '
                             'the current folder is not inside what is graded, else the '
                             'built-in defaults)')


def config_from(args: argparse.Namespace) -> Config:
    """The teacher's settings, never a submission's; where they came from is said on
    stderr, so that a grade can always be traced to its settings."""
    config, said = settings_from(args)
    print(said, file=sys.stderr)
    return config


def settings_from(args: argparse.Namespace) -> tuple[Config, str]:
    """The teacher's settings, and one line saying where they came from, for a command
    that shows it elsewhere than on stderr."""
    from autograder.settings.config import load_config
    from autograder.settings.config_file import choose
    if args.config is not None and not args.config.is_file():
        raise UsageError(f'{args.config}: no such file')
    choice = choose(args.config, _graded(args))
    return load_config(choice.path), choice.said


def _graded(args: argparse.Namespace) -> Path | None:
    """What the command grades: `check`'s PATH or `grade`'s CLASS (no CLASS: the
    sample class, which is ours)."""
    for name in ('path', 'class_path'):
        value = getattr(args, name, None)
        if isinstance(value, Path):
            return value
    return None


def probed_isolation(warn: bool = True) -> Isolation:
    """The strongest isolation this machine offers, probed now. What is missing is said
    on stderr to the person grading a class, so a weaker sandbox is never used without
    a word; a student's check (warn=False) names it in its result instead, where it
    does not read as an error."""
    from autograder.sandbox import probe
    isolation = probe()
    if warn:
        for warning in isolation.warnings():
            print(warning, file=sys.stderr)
    return isolation
