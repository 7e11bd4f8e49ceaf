"""A file several students hand in, graded once for all of them by the owner of a
`GradedFiles` (a batch worker: see `shared_work`).

Untouched stubs and files copied from the kit are common in a class; each is graded
in a child of its own, which holds that file and nothing else of any student, so
its record is a pure function of what was loaded into that child and of how it was
graded. The key is a digest of all of it.
"""
from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from autograder import __version__
from autograder.sharing.memo import Memo

if TYPE_CHECKING:  # both import the checks, which own a SharedWork's memos
    from autograder.records import ExerciseResult
    from autograder.settings.config import Config
    from autograder.submission.locate import Source

MOST_BYTES = 16 * 1024 * 1024
PER_RECORD = 16 * 1024  # a record with its findings, boards and hints


def file_key(exercise: str, source: Source, config: Config, isolation: str) -> bytes:
    """The digest of everything that shapes an exercise file's record.

    Why it is complete. The child is started fresh for this file alone and is sent:
    the text to run (exactly as cut, lines left out blank), its file name, the
    student's own modules it imports (their names and texts), the cells or chunks it
    runs one by one and which of them are carried from other sections, the name it
    was handed in under (a note says so), and the kit's game file, which is the grader's own (its version
    is in the key). The parent then reads the record with: the exercise's checks and
    catalogue (named by the exercise and the grader's version), the settings (all of
    `config`: points, limits, weights, seed, examples), the isolation the child ran
    under, and of the source, where each line stands in the student's file (its
    blocks), where it was graded from (its origin) and where its top level binds each
    name (a function of its text). Each is in the key, so two files with the same key
    are graded the same way, step for step, whoever handed them in."""
    blocks = [(b.first, b.last, b.number) for b in source.blocks]
    described = [exercise, source.filename, source.renamed, source.text, list(source.modules),
                 [list(cell) for cell in source.cells], list(source.carried), blocks,
                 source.origin, repr(config), isolation, __version__]
    text = json.dumps(described, ensure_ascii=False, separators=(',', ':'))
    return hashlib.sha256(text.encode('utf-8', 'surrogatepass')).digest()


class GradedFiles:
    """Records of exercise files by `file_key`, for files that several students hand
    in. Kept only for a grading that worked out a fingerprint (a batch's: see
    `grading.exercise.grade_exercise`), so that every record found here is the one that
    grading would make again."""

    def __init__(self, most_bytes: int = MOST_BYTES) -> None:
        self._memo: Memo[ExerciseResult] = Memo('graded exercise files', most_bytes,
                                                lambda record: PER_RECORD)

    def get(self, key: bytes) -> ExerciseResult | None:
        return self._memo.get(key)

    def put(self, key: bytes, record: ExerciseResult) -> ExerciseResult:
        return self._memo.put(key, record)
