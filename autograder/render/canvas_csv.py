"""The gradebook in the columns Canvas's gradebook import takes, for a class that came
as a Canvas "download all submissions" zip.

Canvas finds each student by the ID column, its own user id, which is the number in
the names of the zip's files; the name is only shown. The assignment column is named
after the assignment: Canvas adds a new assignment of that name, or updates the one
whose column heading ("Name (id)", as Canvas exports it) is written in its place.
The second row gives the points possible, as in Canvas's own export.
"""
from __future__ import annotations

import csv
import io

from ..class_results import Batch
from .gradebook_csv import inert

FIXED = ('Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section')
POINTS_POSSIBLE = 'Points Possible'


def canvas_csv(batch: Batch) -> str:
    assignment = batch.found.assignment.replace('_', ' ').title()
    most = max((g.result.max_points for g in batch.graded), default=0.0)
    rows = [[POINTS_POSSIBLE, '', '', '', '', f'{most:g}']]
    rows += [[graded.student.name, graded.student.id, '', '', '',
              f'{graded.result.points:g}'] for graded in batch.graded]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator='\n')
    writer.writerow((*FIXED, assignment))
    writer.writerows([inert(cell) for cell in row] for row in rows)
    return out.getvalue()
