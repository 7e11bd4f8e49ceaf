"""The class summary's students table and settings: every column says something."""
from __future__ import annotations

from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

from autograder.records import ExerciseResult
from autograder.render.outputs import write_outputs

from class_records import batch_of, record, right, wrong_mirror
from every_exercise import NAMES


class Tables(HTMLParser):
    """The text of each cell of each table with an id, row by row, headings first."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._table: str | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == 'table':
            self._table = dict(attrs).get('id')
            self.tables[self._table or ''] = []
        elif tag == 'tr' and self._table is not None:
            self.tables[self._table].append([])
        elif tag in ('td', 'th') and self._table is not None:
            self._cell = []
        elif tag == 'br' and self._cell is not None:
            self._cell.append('\n')

    def handle_endtag(self, tag: str) -> None:
        if tag in ('td', 'th') and self._cell is not None and self._table is not None:
            self.tables[self._table][-1].append(''.join(self._cell))
            self._cell = None
        elif tag == 'table':
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def tables(summary: Path) -> dict[str, list[list[str]]]:
    parser = Tables()
    parser.feed(summary.read_text(encoding='utf-8'))
    return parser.tables


def syntax_error() -> ExerciseResult:
    return ExerciseResult('winner', 0.0, 3.0, (), problem="winner.py has a syntax error on "
                                                          "line 7: expected ':'")


def test_notes_name_each_flag_and_each_exercise_that_could_not_be_graded(
        tmp_path: Path) -> None:
    dee = record('dee', right('mirror', 3.0))
    dee = replace(dee, exercises=tuple(syntax_error() if e.exercise == 'winner' else e
                                       for e in dee.exercises))
    summary = write_outputs(batch_of(record('ada'), record('bob', wrong_mirror()), dee,
                                     record('cy', notes=('two notebooks: graded the newest',))),
                            tmp_path)
    students = {row[0]: row for row in tables(summary)['students']}
    # nobody's name is known: no name column
    assert students['student'] == ['student', *NAMES, 'total', 'notes']
    assert students['ada'][-1] == ''
    assert students['bob'][-1] == 'mirror: hard-coded: mirror knows only a few boards'
    assert students['dee'][-1] == "winner: not graded: winner.py has a syntax error on line " \
                                  "7: expected ':'"
    assert students['cy'][-1] == 'two notebooks: graded the newest'


def test_names_from_the_lms_have_their_column(tmp_path: Path) -> None:
    summary = write_outputs(batch_of(record('ada'), record('bob'),
                                     names={'ada': 'Ada Lovelace'}), tmp_path)
    students = {row[0]: row for row in tables(summary)['students']}
    assert students['student'][:2] == ['student', 'name']
    assert students['ada'][1] == 'Ada Lovelace' and students['bob'][1] == ''


def test_the_settings_list_only_what_grader_toml_sets(tmp_path: Path) -> None:
    summary = write_outputs(batch_of(record('ada')), tmp_path)
    settings = dict(row for row in tables(summary)['settings'] if len(row) == 2)
    assert 'file_kb' not in settings['limits']
    assert settings['limits'].startswith('call_seconds 0.5, load_seconds 2, file_seconds 20, '
                                         'memory_mb 512, output_kb 64; count_boxes: '
                                         'call_seconds 10')


def test_students_the_grader_failed_on_head_the_page_and_only_then(tmp_path: Path) -> None:
    from autograder.classroom.ungraded import grading_stopped
    from autograder.settings.config import Config

    failed = grading_stopped('bob', 'the grader failed on it: GraderError: a check crashed',
                             Config(), 'process-group')
    summary = write_outputs(batch_of(record('ada'), failed), tmp_path).read_text()
    _, after = summary.split('</h1>\n', 1)
    assert after.startswith('<p class="grader-error"><strong>The grader failed on 1 '
                            'student</strong>: <a href="feedback/bob.html">bob</a>.')
    students = {row[0]: row for row in tables(tmp_path / 'summary.html')['students']}
    assert students['bob'][-1].startswith('mirror: grader error: the grader failed on it: ')
    assert 'grader-error"' not in write_outputs(batch_of(record('ada')), tmp_path).read_text()
