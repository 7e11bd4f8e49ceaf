"""`hexgrade check PATH`: grade one submission and show what is wrong."""
from __future__ import annotations

import argparse
import json
import sys
import threading
from pathlib import Path
from typing import Callable, Generic, TypeVar

from autograder.commands.options import (EXIT_FAILED, EXIT_PASSED, add_config_option,
                                         probed_isolation, settings_from)
from autograder.errors import UsageError

T = TypeVar('T')


def add(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    check = commands.add_parser(
        'check', help='check one submission and show what is wrong',
        description='Check a folder holding the exercises\' files (any of them), one .py '
                    'file, or a .ipynb notebook.')
    check.add_argument('path', type=Path, metavar='PATH', nargs='?')
    check.add_argument('--json', action='store_true',
                       help='print a Gradescope results.json object instead of text')
    check.add_argument('--isolation', action='store_true',
                       help='explain the sandbox your code runs in: which layers work '
                            'here (probed now), what each does, why any is off and how to '
                            'get it; then check PATH if one is given. The "isolation:" '
                            'part of every result names the layers used. '
                            'HEXGRADE_ISOLATION_OFF=seccomp,... turns layers off')
    add_config_option(check)
    check.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.path is None and not args.isolation:
        raise UsageError('check needs a PATH', tip='give a folder, a .py file or a .ipynb '
                                                   'notebook; or --isolation alone')
    if args.path is not None and not args.path.exists():
        raise UsageError(f'{args.path}: no such file or folder',
                         tip='give a folder, a .py file or a .ipynb notebook')
    # Students run this on their own machines: nothing but errors goes to stderr, where
    # a note about the settings or a missing sandbox layer would read as something
    # they did wrong. Both are in the result instead; --isolation explains the sandbox.
    # The sandbox starts (its first children are other processes) while this one loads
    # the grader: on two cores, the two overlap.
    probing = Background(lambda: probed_isolation(warn=False))
    from autograder.grading import grade_submission
    from autograder.render import gradescope, terminal
    from autograder.render.visibility import for_students
    config, settings = settings_from(args)
    isolation = probing.result()
    if args.isolation:
        sys.stdout.write(isolation.describe())
        if args.path is None:
            return EXIT_PASSED
    result = grade_submission(args.path, config, isolation)
    shown = for_students(result, config.show)
    if args.json:
        data = gradescope.results_json(shown)
        data['extra_data']['settings'] = settings
        print(json.dumps(data, indent=2))
    else:
        text = terminal.render(shown, terminal.wants_colour(sys.stdout))
        sys.stdout.write(with_settings(text, settings))
    return EXIT_PASSED if result.all_passed else EXIT_FAILED


def with_settings(text: str, settings: str) -> str:
    """The terminal text with where its settings came from under the two lines that
    head it (the score, then the grader, seed and isolation)."""
    lines = text.split('\n')
    return '\n'.join(lines[:2] + [f'  ({settings})'] + lines[2:])


class Background(Generic[T]):
    """`work()` in a thread of its own, started now; `result` waits for it, and raises
    what it raised."""

    def __init__(self, work: Callable[[], T]) -> None:
        self._found: list[T] = []
        self._failed: list[BaseException] = []
        self._thread = threading.Thread(target=self._run, args=(work,), name='probing',
                                        daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self._found.append(work())
        except BaseException as exc:  # raised again where the result is wanted
            self._failed.append(exc)

    def result(self) -> T:
        self._thread.join()
        if self._failed:
            raise self._failed[0]
        return self._found[0]
