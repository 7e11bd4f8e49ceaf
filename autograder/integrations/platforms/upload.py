"""Grading the one submission a platform hands over, inside the platform's container:
`python -m autograder.integrations.platforms.upload PLATFORM SUBMISSION RESULTS --config FILE`.

The student's work is wherever they put it in the upload: files at the top, one
notebook, or one folder holding them (a zipped-up project, a repository). A problem
of the grader's own (a bad grader.toml, a crash of ours) writes no results and exits
with 2, so the platform reports a failed grading instead of a score of 0.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from pathlib import Path
from typing import Any, Callable, Sequence

from autograder.errors import GraderError
from autograder.integrations.platforms.gradescope_results import gradescope_results
from autograder.integrations.platforms.prairielearn_results import prairielearn_results
from autograder.records import SubmissionResult
from autograder.settings.config import Config, load_config
from autograder.submission.safe_files import MAX_DEPTH, Refused, listing

GRADEABLE = ('.py', '.ipynb')
IGNORED = frozenset({'__MACOSX', '__pycache__'})
Renderer = Callable[[SubmissionResult, Config, float], dict[str, Any]]
RENDERERS: dict[str, Renderer] = {'gradescope': gradescope_results,
                                  'prairielearn': prairielearn_results}
EXIT_GRADED, EXIT_OURS = 0, 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog='python -m autograder.integrations.platforms.upload')
    parser.add_argument('platform', choices=sorted(RENDERERS))
    parser.add_argument('submission', type=Path)
    parser.add_argument('results', type=Path)
    parser.add_argument('--config', type=Path)
    args = parser.parse_args(argv)
    try:
        data = graded(args.platform, args.submission, args.config)
    except GraderError as error:
        print(f'error: {error}', file=sys.stderr)
        if error.tip:
            print(f'tip: {error.tip}', file=sys.stderr)
        return EXIT_OURS
    except Exception:  # ours, never the student's: no score rather than a wrong one
        traceback.print_exc()
        print('error: hexgrade itself failed (a bug in the grader, not in the submission)',
              file=sys.stderr)
        return EXIT_OURS
    write_results(args.results, data)
    print(f'graded {args.submission}: {data.get("score")}')
    return EXIT_GRADED


def graded(platform: str, submission: Path, config_path: Path | None) -> dict[str, Any]:
    """The platform's results for the submission in `submission`."""
    from autograder.grading import grade_submission  # loads the checks: only once we grade
    from autograder.sandbox import probe

    config = load_config(config_path)
    isolation = probe()
    for warning in isolation.warnings():  # for the teacher's log of the run
        print(warning, file=sys.stderr)
    started = time.monotonic()
    result = grade_submission(work_folder(submission), config, isolation, names=True)
    return RENDERERS[platform](result, config, time.monotonic() - started)


def work_folder(submission: Path) -> Path:
    """Where in the upload the work is: its top, or the one folder that holds it all."""
    folder = submission
    for _ in range(MAX_DEPTH):
        try:
            inside = [e for e in listing(folder)
                      if not e.parts[0].startswith('.') and e.parts[0] not in IGNORED]
        except Refused:
            return folder  # grading it says what is wrong with it
        if any(e.kind == 'file' and e.parts[0].endswith(GRADEABLE) for e in inside):
            return folder
        folders = [e.parts[0] for e in inside if e.kind == 'folder']
        if len(folders) != 1:
            return folder
        folder = folder / folders[0]
    return folder


def write_results(path: Path, data: dict[str, Any]) -> None:
    """Written whole or not at all: the platform may read it the moment we exit."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + '.partial')
    # ASCII escapes: a student's text may hold characters no encoding can write
    partial.write_text(json.dumps(data, indent=2) + '\n', encoding='ascii')
    os.replace(partial, path)


if __name__ == '__main__':
    raise SystemExit(main())
