"""Results kept between runs, keyed by what decides them.

The key is the submission's content (the digest of the snapshot graded: see
`snapshot`), the grader's own code and version, the settings that change a verdict
(not `students.show`, which only changes what is shown), and the isolation used.
Rerunning over an unchanged submission gives the same record, so its pages come out
byte for byte the same.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path
from typing import Any

from autograder import __version__
from autograder.kit.paths import KIT
from autograder.records import SubmissionResult
from autograder.serialise import from_data, to_data
from autograder.settings.config import Config

PACKAGE = Path(__file__).resolve().parent.parent
SOURCES = (PACKAGE, PACKAGE.parent / 'hexapawn_ref')


@lru_cache(maxsize=1)
def grader_digest() -> str:
    """The grader's version and code: a fix in a check must not reuse old verdicts."""
    digest = hashlib.sha256(__version__.encode())
    files = sorted(p for root in SOURCES if root.is_dir() for p in root.rglob('*.py')
                   if 'sample_class' not in p.parts)
    files.append(KIT / 'hexapawn.py')  # students import it while graded
    for file in files:
        if file.is_file():
            digest.update(file.name.encode() + b'\0' + file.read_bytes())
    return digest.hexdigest()


def settings_digest(config: Config, isolation: str) -> str:
    settings = asdict(config)
    settings.pop('source')
    settings.pop('show')
    text = json.dumps([settings, isolation, grader_digest()], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


class ResultCache:
    """One JSON file per key in `folder`; a damaged entry counts as missing."""

    def __init__(self, folder: Path, settings: str) -> None:
        self.folder = folder
        self.settings = settings

    def key(self, submission: str) -> str:
        return hashlib.sha256(f'{self.settings}:{submission}'.encode()).hexdigest()[:40]

    def get(self, key: str) -> SubmissionResult | None:
        try:
            data = json.loads((self.folder / f'{key}.json').read_text(encoding='utf-8'))
            return from_data(data)
        except (OSError, ValueError):
            return None

    def put(self, key: str, result: SubmissionResult | dict[str, Any]) -> None:
        """Keep a record, or the data `to_data` made of it (as a worker sends it back:
        turning a record into data again costs the command more than writing it)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.folder / f'{key}.json'
        partial = target.with_suffix(f'.{os.getpid()}.part')
        data = result if isinstance(result, dict) else to_data(result)
        partial.write_text(json.dumps(data, sort_keys=True), encoding='utf-8')
        os.replace(partial, target)  # a run stopped midway never leaves half an entry
