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
import stat
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path
from typing import Any

from .. import __version__
from ..config import Config
from ..kit import KIT
from ..loading import MAX_BYTES
from ..results import SubmissionResult
from ..safe_files import listing, read_limited
from .serialise import from_data, to_data

PACKAGE = Path(__file__).resolve().parent.parent
SOURCES = (PACKAGE, PACKAGE.parent / 'hexapawn_ref')
GRADED = ('.py', '.ipynb')  # what grading reads of a folder, at its top


def submission_digest(path: Path) -> str:
    """A digest of what grading reads of a submission: the file it is, or the .py and
    .ipynb files at the top of its folder, with their names.

    Each is read as grading reads it, never more than the size it would be graded
    at; everything else counts by its name and kind alone, so a folder holding
    gigabytes, or a tree nested thousands deep, costs one listing."""
    digest = hashlib.sha256()
    try:
        if stat.S_ISDIR(os.lstat(path).st_mode):
            entries = listing(path)
            folder, names = path, [e.parts[0] for e in entries
                                   if e.kind == 'file' and Path(e.parts[0]).suffix in GRADED]
            digest.update(' '.join(f'{e.parts[0]}:{e.kind}' for e in entries).encode(
                'utf-8', 'surrogateescape'))
        else:
            folder, names = path.parent, [path.name]
    except OSError as exc:  # grading will say so; the key must only be this student's
        return hashlib.sha256(f'{path}\0{exc}'.encode('utf-8', 'surrogateescape')).hexdigest()
    for name in names:
        try:
            content = hashlib.sha256(read_limited(folder / name, MAX_BYTES)).hexdigest()
        except OSError as exc:
            content = f'unread {exc.errno}'
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

    def put(self, key: str, result: SubmissionResult | dict[str, Any]) -> None:
        """Keep a record, or the data `to_data` made of it (as a worker sends it back:
        turning a record into data again costs the command more than writing it)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.folder / f'{key}.json'
        partial = target.with_suffix(f'.{os.getpid()}.part')
        data = result if isinstance(result, dict) else to_data(result)
        partial.write_text(json.dumps(data, sort_keys=True), encoding='utf-8')
        os.replace(partial, target)  # a run stopped midway never leaves half an entry
