"""Results kept between runs, keyed by what decides them.

The key is the submission's content, the grader's own code and version, the
settings that change a verdict (not `students.show`, which only changes what is
shown), and the isolation used. Rerunning over an unchanged submission gives the
same record, so its pages come out byte for byte the same.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path

from .. import __version__
from ..config import Config
from ..kit import KIT
from ..results import SubmissionResult
from .serialise import from_data, to_data

PACKAGE = Path(__file__).resolve().parent.parent
SOURCES = (PACKAGE, PACKAGE.parent / 'hexapawn_ref')


def submission_digest(path: Path) -> str:
    """A digest of every file of a submission, with the names they have in it."""
    digest = hashlib.sha256()
    files = [path] if path.is_file() else sorted(p for p in path.rglob('*') if p.is_file())
    for file in files:
        name = file.name if file == path else file.relative_to(path).as_posix()
        try:
            content = hashlib.sha256(file.read_bytes()).hexdigest()
        except OSError as exc:  # grading will say so; the key only has to differ
            content = f'unreadable {exc.errno}'
        digest.update(f'{name}\0{content}\n'.encode('utf-8', 'surrogateescape'))
    return digest.hexdigest()


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

    def put(self, key: str, result: SubmissionResult) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.folder / f'{key}.json'
        partial = target.with_suffix(f'.{os.getpid()}.part')
        partial.write_text(json.dumps(to_data(result), sort_keys=True), encoding='utf-8')
        os.replace(partial, target)  # a run stopped midway never leaves half an entry
