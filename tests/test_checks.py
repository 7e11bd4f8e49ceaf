"""The check framework (autograder/checking/checks.py)."""
from __future__ import annotations

import pytest

from autograder.calls.values import Opaque
from autograder.checking.checks import CheckList, article, require_type
from autograder.checking.failures import Call, Failure
from autograder.checking.probe import Probe
from autograder.sharing.shared_work import SharedWork


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


# -- whole domains agreed once --------------------------------------------------------

class _Counted(tuple):  # type: ignore[type-arg]
    """What a check wants, counting how often it is read through."""
    reads = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        _Counted.reads += 1
        return super().__iter__()


def _agreeing(source: str, domain: list[tuple[str]], wanted: tuple[str, ...],
              work: SharedWork, first: str | None = None) -> Failure | None:
    from autograder.calls.limits import Limits
    from autograder.checking.checks import agree
    from autograder.kit.paths import game_file
    from autograder.sandbox.isolation import FLOOR
    from autograder.sandbox.process import StudentProcess
    from autograder.settings.config import Config
    with StudentProcess(Limits(call_seconds=0.3, file_seconds=5.0), FLOOR,
                        memo=work.wire) as child:
        assert child.load(source, 'mirror.py', {'hexapawn': game_file()}).error is None
        probe = Probe(child, 'mirror', Config().properties, work=work)
        if first is not None:
            probe.value(first)
        try:
            agree(probe, domain, wanted, str, 'a row came out wrong')
        except Failure as failure:
            return failure
    return None


def test_answers_that_agreed_once_are_not_compared_again_and_others_still_fail() -> None:
    """A class's right functions send the same answers: compared once, known after.
    A function whose big reply is the same but whose answer known before it differs
    still fails where it differs."""
    domain = [(f'{number:09d}',) for number in range(4000)]  # a reply big enough to keep
    wanted = _Counted(board[::-1] for (board,) in domain)
    right = 'def mirror(board):\n    return board[::-1]\n'
    first_odd = ('calls = []\ndef mirror(board):\n    calls.append(board)\n'
                 '    return "odd" if len(calls) == 1 else board[::-1]\n')
    work = SharedWork()  # a batch worker's
    assert _agreeing(right, domain, wanted, work, first='000000000') is None
    compared = _Counted.reads
    assert _agreeing(right, domain, wanted, work, first='000000000') is None
    assert _Counted.reads == compared  # known: not read through again
    assert _agreeing(right, domain, wanted, SharedWork(), first='000000000') is None
    assert _Counted.reads > compared  # another owner compares for itself
    failed = _agreeing(first_odd, domain, wanted, work, first='000000000')
    assert failed is not None and failed.call == Call('mirror', ('000000000',))
    wrong = 'def mirror(board):\n    return board[::-1] if board != "000000007" else "x"\n'
    failed = _agreeing(wrong, domain, wanted, work)
    assert failed is not None and failed.call == Call('mirror', ('000000007',))
