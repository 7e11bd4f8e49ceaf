"""`hexgrade gradescope --out autograder.zip`: the autograder zip Gradescope takes."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autograder.commands.options import EXIT_PASSED, add_config_option


def add(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    zipped = commands.add_parser(
        'gradescope', help='write the autograder zip for a Gradescope programming assignment',
        description='Write the zip for Gradescope\'s "Zip file upload" autograder: setup.sh '
                    '(installs bubblewrap and this hexgrade, from a wheel built now), '
                    'run_autograder (grades the submission, whatever its shape, into '
                    'results.json) and grader.toml. Points, limits and what students see '
                    'come from grader.toml.')
    zipped.add_argument('--out', type=Path, metavar='ZIP', default=Path('autograder.zip'),
                        help='the zip to write (default: autograder.zip)')
    zipped.add_argument('--wheel', type=Path, metavar='FILE',
                        help='a hexgrade wheel to ship, instead of building one from the '
                             'source tree')
    add_config_option(zipped)
    zipped.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from autograder.integrations.platforms import write_gradescope_zip
    from autograder.integrations.platforms.settings import settings_text

    settings, said = settings_text(args.config)
    print(said, file=sys.stderr)
    names = write_gradescope_zip(args.out, settings, args.wheel)
    print(f'wrote {args.out}: {", ".join(names)}')
    print('next: upload it as the autograder of a Gradescope programming assignment')
    return EXIT_PASSED
