"""The check framework (autograder/checks.py)."""
from __future__ import annotations

import pytest

from autograder.checks import CheckList, article, require_type
from autograder.failures import Call, Failure
from autograder.probe import Probe
from autograder.sandbox.values import Opaque


def test_a_check_without_a_docstring_is_refused_at_once() -> None:
    checks = CheckList()
    with pytest.raises(ValueError, match='the check untitled has no docstring: its first '
                                         'line is the title students read'):
        @checks.add(weight=1, nudge='')
        def untitled(probe: Probe) -> None:
            pass


def test_the_title_is_the_docstrings_first_line() -> None:
    checks = CheckList()

    @checks.add(weight=2, nudge='look again')
    def titled(probe: Probe) -> None:
        """mirror does something right

        More words for developers."""
    assert checks.checks[0].title == 'mirror does something right'
    assert checks.checks[0].weight == 2


@pytest.mark.parametrize('name, said', [('list', 'a list'), ('int', 'an int'),
                                        ('None', 'None'), ('S', 'a value of type S')])
def test_types_are_named_as_a_student_reads_them(name: str, said: str) -> None:
    assert article(name) == said


def test_only_the_exact_type_passes() -> None:
    call = Call('mirror', ('BB..W.W.W',))
    require_type(call, 'x', str)
    with pytest.raises(Failure) as caught:
        require_type(call, ['x'], str)
    assert caught.value.summary == "mirror('BB..W.W.W') returned a list, expected a str"
    assert caught.value.call == call
    with pytest.raises(Failure) as caught:
        require_type(call, Opaque('MyStr', "'x'"), str)
    assert caught.value.summary == \
        "mirror('BB..W.W.W') returned a value of type MyStr, expected a str"
