"""Everything a batch writes into OUT, and nothing it did not write this time.

Files are written only when their content changed, so an unchanged student's
files keep their bytes and their dates; pages of students no longer in the class
are removed. Each student's whole record, as the teacher sees it, is kept too, in
`.records/` (see `stored_record`): `hexgrade show` reads it back.
"""
from __future__ import annotations

import json
from pathlib import Path

from autograder.records import Batch, Graded, SubmissionResult, file_stems
from autograder.render.canvas_csv import canvas_csv
from autograder.render.gradebook_csv import grades_csv, nbgrader_csv
from autograder.render.gradescope import results_json
from autograder.render.html_feedback import feedback_page
from autograder.render.html_summary import summary_page
from autograder.render.indented_json import indented
from autograder.render.text import encodable
from autograder.render.visibility import for_students
from autograder.serialise import from_data, to_data


class StudentFiles:
    """Each student's own files (results JSON and feedback page), worked out as their
    record comes in, while the rest of the class is graded, instead of all of them
    after the last: a class's worth takes a fifth of a second of one core, and at the
    end nothing else runs beside it. Nothing is written before `write_outputs`."""

    def __init__(self, show: str, assignment: str) -> None:
        self.show, self.assignment = show, assignment
        self._texts: dict[int, tuple[Graded, tuple[str, str]]] = {}

    def add(self, graded: Graded) -> None:
        self._texts[id(graded)] = (graded, self._worked_out(graded))

    def texts(self, graded: Graded) -> tuple[str, str]:
        """The results JSON and the feedback page of this record."""
        kept = self._texts.get(id(graded))
        return kept[1] if kept is not None and kept[0] is graded else \
            self._worked_out(graded)

    def _worked_out(self, graded: Graded) -> tuple[str, str]:
        shown = for_students(graded.result, self.show)
        return (indented(results_json(shown)) + '\n',
                feedback_page(shown, self.assignment))


def write_outputs(batch: Batch, out: Path, files: StudentFiles | None = None) -> Path:
    """Write the gradebooks, per-student files and summary; the summary's path. With
    `files`, what it worked out already for the batch's records is used."""
    if files is None or (files.show, files.assignment) != (batch.config.show,
                                                           batch.found.assignment):
        files = StudentFiles(batch.config.show, batch.found.assignment)
    stems = file_stems([g.student for g in batch.graded])
    written: dict[Path, str] = {
        out / 'grades.csv': grades_csv(batch),
        out / 'grades-nbgrader.csv': nbgrader_csv(batch),
        out / 'summary.html': summary_page(batch, stems),
    }
    canvas = out / 'grades-canvas.csv'  # ready to import only where Canvas's ids came in
    if batch.found.layout == 'canvas':
        written[canvas] = canvas_csv(batch)
    else:
        canvas.unlink(missing_ok=True)
    for graded in batch.graded:
        stem = stems[graded.student.id]
        results, feedback = files.texts(graded)
        written[out / 'results' / f'{stem}.json'] = results
        written[out / 'feedback' / f'{stem}.html'] = feedback
        written[out / RECORDS / f'{stem}.json'] = json.dumps(
            {'student': graded.student.id, 'record': to_data(graded.result)},
            sort_keys=True) + '\n'
    for folder, suffix in (('results', '.json'), ('feedback', '.html'), (RECORDS, '.json')):
        (out / folder).mkdir(parents=True, exist_ok=True)
        for old in (out / folder).glob(f'*{suffix}'):
            if old not in written:
                old.unlink()
    for path, text in written.items():
        _write(path, text)
    return out / 'summary.html'


RECORDS = '.records'  # each student's whole record, as data, for `hexgrade show`


def stored_records(out: Path) -> dict[str, Path]:
    """The records a batch kept in OUT, by student id: the file each is in."""
    found: dict[str, Path] = {}
    for path in sorted((out / RECORDS).glob('*.json')):
        try:
            found[str(json.loads(path.read_text(encoding='utf-8'))['student'])] = path
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return found


def stored_record(path: Path) -> SubmissionResult | None:
    """A record `write_outputs` kept; None when the file is damaged."""
    try:
        return from_data(json.loads(path.read_text(encoding='utf-8'))['record'])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write(path: Path, text: str) -> None:
    data = encodable(text).encode('utf-8')
    try:
        if path.read_bytes() == data:
            return
    except OSError:
        pass
    path.write_bytes(data)
