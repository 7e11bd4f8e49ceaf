"""The gradebook in the columns Canvas's gradebook import takes, for a class that came
as a Canvas "download all submissions" zip.

Canvas finds each student by the ID column, its own user id, which is the number in
the names of the zip's files; the name is only shown. The assignment column is the
one `--assignment` names: Canvas updates the assignment whose heading, as Canvas
exports it ("Hexapawn (123456)", its name and its id), is written there, and adds a
new assignment of any other heading (the default, "Hexapawn", among them). The second
row gives the points possible, as in Canvas's own export.
"""
from __future__ import annotations

import csv
import io

from autograder.records import DEFAULT_ASSIGNMENT, Batch
from autograder.render.gradebook_csv import inert

FIXED = ('Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section')
POINTS_POSSIBLE = 'Points Possible'


def canvas_csv(batch: Batch) -> str:
    named = batch.found.assignment
    assignment = named.replace('_', ' ').title() if named == DEFAULT_ASSIGNMENT else named
    most = max((g.result.max_points for g in batch.graded), default=0.0)
    rows = [[POINTS_POSSIBLE, '', '', '', '', f'{most:g}']]
    rows += [[graded.student.name, graded.student.id, '', '', '',
              f'{graded.result.points:g}'] for graded in batch.graded]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator='\n')
    writer.writerow((*FIXED, assignment))
    writer.writerows([inert(cell) for cell in row] for row in rows)
    return out.getvalue()
