"""A PrairieLearn question graded by hexgrade, as two folders to copy into a course:

    questions/hexapawn/        info.json (External grading), question.html, and
                               tests/grader.toml, the settings
    serverFilesCourse/hexgrade/ grade.sh, the entrypoint, and site/: hexgrade and
                               what grading imports, so the container needs no network
"""
from __future__ import annotations

import json
import math
import os
import tempfile
import uuid
from pathlib import Path

from autograder.errors import UsageError
from autograder.exercises import EXERCISES
from autograder.integrations.platforms.bundled_site import write_site
from autograder.integrations.platforms.scripts import script
from autograder.integrations.platforms.wheel import hexgrade_wheel
from autograder.settings.config import load_config

QUESTION = 'hexapawn'
SERVER_FILES = 'hexgrade'
IMAGE = 'prairielearn/grader-python'  # has Python 3.11 or later, which is all we need
ENTRYPOINT = f'/grade/serverFilesCourse/{SERVER_FILES}/grade.sh'
MARGIN_SECONDS = 30  # starting the sandbox, loading the checks, writing results
MAX_TIMEOUT = 600  # PrairieLearn's own ceiling


def write_prairielearn_question(out: Path, settings: str, wheel: Path | None = None
                                ) -> list[Path]:
    """Write the question and its server files under `out`; the files written."""
    if out.exists() and any(out.iterdir()):
        raise UsageError(f'{out} is not empty', tip='give a new folder; then copy its '
                                                    'two folders into your course')
    question = out / 'questions' / QUESTION
    server = out / 'serverFilesCourse' / SERVER_FILES
    (question / 'tests').mkdir(parents=True)
    server.mkdir(parents=True)
    (question / 'tests' / 'grader.toml').write_text(settings, encoding='utf-8')
    timeout = grading_timeout(question / 'tests' / 'grader.toml')
    (question / 'info.json').write_text(json.dumps(info(timeout), indent=2) + '\n',
                                        encoding='utf-8')
    (question / 'question.html').write_text(script('prairielearn_question.html'),
                                            encoding='utf-8')
    entry = server / 'grade.sh'
    entry.write_text(script('prairielearn_grade.sh'), encoding='utf-8')
    os.chmod(entry, 0o755)
    with tempfile.TemporaryDirectory(prefix='hexgrade-prairielearn-') as scratch:
        write_site(server / 'site', hexgrade_wheel(Path(scratch), wheel))
    return [question / 'info.json', question / 'question.html',
            question / 'tests' / 'grader.toml', entry, server / 'site']


def info(timeout: int) -> dict[str, object]:
    return {
        'uuid': str(uuid.uuid4()),
        'title': f'Hexapawn: {_listed([e.name for e in EXERCISES])}',
        'topic': 'Hexapawn',
        'tags': ['code', 'hexgrade'],
        'type': 'v3',
        'singleVariant': True,
        'gradingMethod': 'External',
        'externalGradingOptions': {
            'image': IMAGE,
            'entrypoint': ENTRYPOINT,
            'serverFilesCourse': [f'{SERVER_FILES}/'],
            'timeout': timeout,
        },
    }


def grading_timeout(settings: Path) -> int:
    """Seconds for a whole grading (see `Config.submission_seconds`) and a margin, at
    most what PrairieLearn allows."""
    return min(MAX_TIMEOUT, math.ceil(load_config(settings).submission_seconds()) +
               MARGIN_SECONDS)


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f'{", ".join(names[:-1])} and {names[-1]}'
