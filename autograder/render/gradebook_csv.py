"""The gradebook as CSV: ours, and one with nbgrader's export columns.

Column order is fixed here and never depends on the batch, so spreadsheets and
scripts that read these files keep working from one run to the next.

Student ids, names, notes and timestamps come from folder names, LMS downloads and
files students wrote, and a spreadsheet runs a cell that starts like a formula
(`=HYPERLINK(...)`, `+1+41`, `@SUM(...)`): every such cell gets a leading quote,
as OWASP advises, and no cell can start a row of its own. The numbers written here are never negative, so they never
start like a formula and stay numbers.
"""
from __future__ import annotations

import csv
import io

from autograder.records import RENAMED, Batch, Graded, SubmissionResult
from autograder.settings.config import EXERCISE_NAMES

COLUMNS = ('student', 'name', *EXERCISE_NAMES, 'total', 'max', 'flags', 'isolation', 'notes')
FORMULA_STARTS = ('=', '+', '-', '@', '\t', '\r')
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
            result.isolation, '; '.join(reasons(result))]


def reasons(result: SubmissionResult) -> list[str]:
    """Why a row needs a look, in the CSV alone: what the teacher was told of the
    submission (a late hand-in, a file left out of a zip), each exercise's flags with
    what they flag, and why an exercise without a flag could not be graded."""
    found = list(result.notes)
    for exercise in result.exercises:
        found += [f'{exercise.exercise}: {note}' for note in exercise.notes if RENAMED in note]
        found += [f'{exercise.exercise} {flag.kind}: {flag.note}' for flag in exercise.flags]
        if exercise.problem and not exercise.flags:
            found.append(f'{exercise.exercise}: {exercise.problem}')
    return found


def _csv(columns: tuple[str, ...], rows: list[list[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator='\n')
    writer.writerow(columns)
    writer.writerows([inert(cell) for cell in row] for row in rows)
    return out.getvalue()


def inert(cell: str) -> str:
    """`cell` as a spreadsheet shows it without running it, and within its row: the
    csv module quotes a cell holding a newline but not one holding a lone carriage
    return, which spreadsheets would read as the start of a row of its own."""
    cell = "'" + cell if cell.startswith(FORMULA_STARTS) else cell
    return cell.replace('\r\n', '\n').replace('\r', '\n')
