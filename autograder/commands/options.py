"""Options and exit codes that several subcommands share."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..config import Config, load_config
from ..errors import UsageError
from ..sandbox.isolation import Isolation
from ..sandbox.probing import probe

EXIT_PASSED, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def add_config_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument('--config', type=Path, metavar='FILE',
                        help='grading settings (default: ./grader.toml if there is one, '
                             'else the built-in defaults)')


def config_from(args: argparse.Namespace) -> Config:
    if args.config is not None:
        if not args.config.is_file():
            raise UsageError(f'{args.config}: no such file')
        return load_config(args.config)
    local = Path('grader.toml')
    return load_config(local if local.is_file() else None)


def isolation_from(args: argparse.Namespace) -> Isolation:
    """The strongest isolation this machine offers, probed now; what is missing is
    said on stderr, so a weaker sandbox is never used without a word."""
    isolation = probe()
    for warning in isolation.warnings():
        print(warning, file=sys.stderr)
    return isolation
