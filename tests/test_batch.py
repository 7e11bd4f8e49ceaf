from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from autograder.classroom import batch as batch_module
from autograder.classroom.batch import grade_class
from autograder.classroom.cache import ResultCache
from autograder.records import Found, Graded, Student

from class_records import PIECES, fast_config
from every_exercise import NAMES, TOTAL


def test_no_student_drops_out_and_equal_hand_ins_are_graded_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, config = fast_config(tmp_path)
    for name in ('ada', 'twin'):
        (tmp_path / name).mkdir()
        (tmp_path / name / 'mirror.py').write_bytes(
            (PIECES / 'mirror' / 'whole_string_reversed.py').read_bytes())
    (tmp_path / 'nb.ipynb').write_text('{"cells": [')
    (tmp_path / 'blank').mkdir()
    (tmp_path / 'blank' / 'mirror.py').write_text('')
    students = (Student('ada', tmp_path / 'ada'), Student('twin', tmp_path / 'twin', late=True),
                Student('ghost', tmp_path / 'gone'),
                Student('none', None, problem='nothing handed in for hexapawn'),
                Student('nb', tmp_path / 'nb.ipynb'), Student('blank', tmp_path / 'blank'))
    jobs: list[int] = []
    real = batch_module.run_jobs

    def counted(todo: list[Any], *args: Any, **kwargs: Any) -> None:
        jobs.append(len(todo))
        real(todo, *args, **kwargs)
    monkeypatch.setattr(batch_module, 'run_jobs', counted)
    progress: list[tuple[int, int]] = []
    told: list[Graded] = []
    batch = grade_class(Found('folders', students), config, 'floor', 2, None,
                        progress=lambda done, total: progress.append((done, total)),
                        on_graded=told.append)
    # ada and twin hand in the same file: one grading for both; the ghost's folder is
    # found gone as it is read, before any job
    assert jobs == [3]
    # told of each record graded, as it came, the very one the batch holds
    assert sorted(map(id, told)) == sorted(id(g) for g in batch.graded
                                           if g.student.id not in ('none', 'ghost'))
    assert progress[0] == (2, 6) and progress[-1] == (6, 6)
    ada, twin, ghost, none, nb, blank = (g.result for g in batch.graded)
    assert (ada.source, ada.exercises[0].misconception) == ('ada', 'whole string reversed')
    # the note on what was there comes as winner and count_boxes are not found
    assert twin.exercises == ada.exercises
    assert twin.notes == ('handed in late', 'it held mirror.py')
    ours = ghost.exercises[0]
    assert ours.flags[0].kind == 'grader error'  # not 'crash': that is the student's
    assert ours.problem == f'the grader failed on it: UsageError: {tmp_path}/gone does not exist'
    assert ours.checks[0].finding is not None
    assert ours.checks[0].finding.hint.startswith('This went wrong on the grading side')
    assert [g.student.id for g in batch.grader_failed] == ['ghost']
    assert [e.problem for e in none.exercises] == ['nothing handed in for hexapawn'] * len(NAMES)
    assert none.points == 0 and none.max_points == TOTAL
    assert nb.exercises[0].problem == 'nb.ipynb is not a notebook that can be read (it is not ' \
                                      'valid JSON)'
    assert blank.exercises[0].problem == 'mirror.py is empty'


def test_cached_records_are_reused_unless_told_not_to(tmp_path: Path) -> None:
    _, config = fast_config(tmp_path)
    (tmp_path / 'ada').mkdir()
    (tmp_path / 'ada' / 'mirror.py').write_text('def mirror(board):\n    return board\n')
    found = Found('folders', (Student('ada', tmp_path / 'ada'),))
    cache = ResultCache(tmp_path / 'cache', 'settings')
    first = grade_class(found, config, 'floor', 1, cache)
    again = grade_class(found, config, 'floor', 1, cache)
    fresh = grade_class(found, config, 'floor', 1, cache, reuse=False)
    assert [g.cached for g in (*first.graded, *again.graded, *fresh.graded)] == \
        [False, True, False]
    assert again.graded[0].result == first.graded[0].result == fresh.graded[0].result
