"""Everything a batch writes into OUT, and nothing it did not write this time.

Files are written only when their content changed, so an unchanged student's
files keep their bytes and their dates; pages of students no longer in the class
are removed.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..class_results import Batch
from ..students import file_stems
from ..visibility import for_students
from .canvas_csv import canvas_csv
from .gradebook_csv import grades_csv, nbgrader_csv
from .gradescope import results_json
from .html_feedback import feedback_page
from .html_summary import summary_page
from .text import encodable


def write_outputs(batch: Batch, out: Path) -> Path:
    """Write the gradebooks, per-student files and summary; the summary's path."""
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
        shown = for_students(graded.result, batch.config.show)
        stem = stems[graded.student.id]
        written[out / 'results' / f'{stem}.json'] = json.dumps(results_json(shown),
                                                              indent=2) + '\n'
        written[out / 'feedback' / f'{stem}.html'] = feedback_page(shown,
                                                                   batch.found.assignment)
    for folder, suffix in (('results', '.json'), ('feedback', '.html')):
        (out / folder).mkdir(parents=True, exist_ok=True)
        for old in (out / folder).glob(f'*{suffix}'):
            if old not in written:
                old.unlink()
    for path, text in written.items():
        _write(path, text)
    return out / 'summary.html'


def _write(path: Path, text: str) -> None:
    data = encodable(text).encode('utf-8')
    try:
        if path.read_bytes() == data:
            return
    except OSError:
        pass
    path.write_bytes(data)
