"""The gradebook as CSV: ours, and one with nbgrader's export columns.

Column order is fixed here and never depends on the batch, so spreadsheets and
scripts that read these files keep working from one run to the next.
"""
from __future__ import annotations

import csv
import io

from ..classroom.batch import Batch, Graded
from ..config import EXERCISE_NAMES

COLUMNS = ('student', 'name', *EXERCISE_NAMES, 'total', 'max', 'flags', 'isolation', 'notes')
NBGRADER_COLUMNS = ('assignment', 'duedate', 'timestamp', 'student_id', 'last_name',
                    'first_name', 'email', 'raw_score', 'late_submission_penalty', 'score',
                    'max_score')


def grades_csv(batch: Batch) -> str:
    return _csv(COLUMNS, [_row(graded) for graded in batch.graded])


def nbgrader_csv(batch: Batch) -> str:
    rows = []
    for graded in batch.graded:
        first, _, last = graded.student.name.rpartition(' ')
        score = graded.result.points
        rows.append([batch.found.assignment, '', graded.student.timestamp, graded.student.id,
                     last, first, '', str(float(score)), '0.0', str(float(score)),
                     str(float(graded.result.max_points))])
    return _csv(NBGRADER_COLUMNS, rows)


def _row(graded: Graded) -> list[str]:
    result = graded.result
    by_name = {e.exercise: e for e in result.exercises}
    kinds = sorted({flag.kind for e in result.exercises for flag in e.flags})
    return [graded.student.id, graded.student.name,
            *(f'{by_name[n].points:g}' if n in by_name else '' for n in EXERCISE_NAMES),
            f'{result.points:g}', f'{result.max_points:g}', '; '.join(kinds),
            result.isolation, '; '.join(result.notes)]


def _csv(columns: tuple[str, ...], rows: list[list[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator='\n')
    writer.writerow(columns)
    writer.writerows(rows)
    return out.getvalue()
