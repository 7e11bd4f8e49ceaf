from __future__ import annotations

from autograder.render import terminal
from autograder.render.text import encodable

from class_records import record


def test_lone_surrogates_are_written_as_their_escapes() -> None:
    assert encodable('bad \udc80 text, Zoë ♟') == 'bad \\udc80 text, Zoë ♟'


def test_the_terminal_text_can_always_be_printed() -> None:
    shown = terminal.render(record('zo\udcff'))
    assert shown.encode('utf-8').decode('utf-8') == shown
    assert shown.splitlines()[0] == 'zo\\udcff: 10/10 points (mirror 3/3, winner 3/3, ' \
                                    'count_boxes 4/4)'
