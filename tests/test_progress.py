from __future__ import annotations

import io

from autograder.classroom.progress import ProgressBar, line


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_line_shows_done_rate_and_time_left() -> None:
    assert line(0, 4, None) == '[............................] 0/4  --/s'
    assert line(2, 4, 0.5) == '[##############..............] 2/4  0.5/s  4 s left'
    assert line(100, 400, 2.0).endswith('100/400  2.0/s  2 min 30 s left')


def test_a_terminal_gets_the_bar_and_a_cleared_line_at_the_end() -> None:
    stream = Terminal()
    bar = ProgressBar(stream)
    bar.update(0, 3)
    bar.update(1, 3)
    bar.finish()
    text = stream.getvalue()
    assert text.startswith('\r[............................] 0/3  --/s\033[K\r[#########')
    assert ' 1/3  ' in text and text.endswith('\r\033[K')


def test_nothing_is_drawn_when_not_on_a_terminal() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream)
    bar.update(1, 3)
    bar.finish()
    assert stream.getvalue() == ''
