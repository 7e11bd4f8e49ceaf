"""The checks' view of a student's function (autograder/checking/probe.py) over a real child."""
from __future__ import annotations

import random
import threading
import time

import pytest

from autograder.calls.limits import Limits
from autograder.calls.outcomes import Died, NotTried, Outcome, Returned, TimedOut
from autograder.checking.failures import Failure
from autograder.checking.probe import Probe
from autograder.kit.paths import game_file
from autograder.sandbox import process
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import StudentProcess
from autograder.settings.config import Config
from autograder.sharing.shared_work import SharedWork

LIMITS = Limits(call_seconds=0.3, file_seconds=5.0)


def _probe(child: StudentProcess, source: str, work: SharedWork | None = None) -> Probe:
    """A probe of `source` in `child`, sharing `work` (a batch worker's) where given:
    the child's memo must then be `work.wire` too."""
    loaded = child.load(source, 'mirror.py', {'hexapawn': game_file()})
    assert loaded.error is None
    return Probe(child, 'mirror', Config().properties, work=work)


def test_a_batch_stops_at_its_first_timeout_and_the_rest_is_not_tried() -> None:
    source = 'def mirror(board):\n    while board == "b":\n        pass\n    return board\n'
    with StudentProcess(LIMITS, FLOOR) as child:
        probe = _probe(child, source)
        outcomes = probe.outcomes([('a',), ('b',), ('c',), ('d',)])
        assert outcomes == [Returned('a'), TimedOut(0.3), NotTried(), NotTried()]
        assert probe.outcomes([('c',)]) == [Returned('c')], 'not tried is asked again'
        with pytest.raises(Failure) as caught:
            probe.returned(('d',), NotTried())
        assert caught.value.summary == \
            "mirror('d') was not tried: an earlier call ran past its time limit"


def test_a_child_that_dies_in_a_batch_blames_no_single_call() -> None:
    source = ('import os\ndef mirror(board):\n    if board == "c":\n        os._exit(3)\n'
              '    return board\n')
    with StudentProcess(LIMITS, FLOOR) as child:
        probe = _probe(child, source)
        with pytest.raises(Failure) as caught:
            probe.values([('a',), ('b',), ('c',)])
    assert caught.value.call is None
    assert caught.value.summary.startswith(
        'mirror stopped the program while answering 3 calls in a row, so which call did it '
        'is not known: ')


def test_the_graders_own_time_is_not_charged_to_the_file() -> None:
    limits = Limits(call_seconds=0.3, file_seconds=0.8)
    with StudentProcess(limits, FLOOR) as child:
        probe = _probe(child, 'def mirror(board):\n    return board\n')
        time.sleep(1.0)  # the grader busy with its own work between two calls
        assert probe.outcomes([('a',)]) == [Returned('a')]
        assert not child.overran


def test_a_call_that_ignores_its_clock_is_stopped_by_its_computing_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the parent watches the child's CPU time: it need not wait for the real-time limit,
    # pushed out of reach here
    monkeypatch.setattr(process, 'WAITING', 100)
    watched: list[bool] = []  # what each look at the child's computing time found
    look = StudentProcess._computed_too_long

    def watching(self: StudentProcess) -> bool:
        watched.append(look(self))
        return watched[-1]
    monkeypatch.setattr(StudentProcess, '_computed_too_long', watching)
    source = ('import signal\ndef mirror(board):\n'
              '    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n'
              '    while True:\n        pass\n')
    with StudentProcess(Limits(call_seconds=0.3, file_seconds=60.0), FLOOR) as child:
        probe = _probe(child, source)
        assert probe.outcomes([('a',)]) == [TimedOut(0.3)]
        assert child.overran
    # stopped when a look found it had computed too long, not after the 30 s of waiting
    assert watched and watched[-1]


def test_the_limit_counts_computing_and_a_wait_has_three_times_as_long() -> None:
    source = ('import time\ndef mirror(board):\n'
              '    time.sleep(float(board))\n    return board\n')
    with StudentProcess(Limits(call_seconds=0.3, file_seconds=30.0), FLOOR) as child:
        probe = _probe(child, source)
        # waited more than twice the limit, and computed nothing: still within it
        assert probe.outcomes([('0.7',)]) == [Returned('0.7')]
        # the limit that stopped it: of waiting
        assert probe.outcomes([('60',)]) == [TimedOut(0.3 * 3, waited=True)]


def test_a_call_that_swallows_its_timeout_leaves_the_clock_on_for_the_next() -> None:
    source = ('def mirror(board):\n'
              '    if board == "swallow":\n'
              '        try:\n'
              '            while True:\n'
              '                pass\n'
              '        except BaseException:\n'
              '            return "swallowed"\n'
              '    while board == "loop":\n'
              '        pass\n'
              '    return board\n')
    with StudentProcess(LIMITS, FLOOR) as child:
        probe = _probe(child, source)
        outcomes = probe.outcomes([('a',), ('swallow',), ('b',), ('loop',)] +
                                  [(str(n),) for n in range(200)])
    # with the clock off after the swallow, the loop ran into the file's limit: all Died
    assert outcomes[:5] == [Returned('a'), Returned('swallowed'), Returned('b'),
                            TimedOut(0.3), NotTried()]


def test_long_answers_are_cut_as_they_come_so_a_growing_one_cannot_exhaust_memory() -> None:
    # 60,000 characters more at every call: over a gigabyte for the batch, kept whole
    source = 'SEEN = []\ndef mirror(board):\n    SEEN.append(board)\n' \
             '    return board * 20_000 * len(SEEN)\n'
    with StudentProcess(Limits(call_seconds=0.3, file_seconds=60.0, memory_mb=256),
                        FLOOR) as child:
        probe = _probe(child, source)
        outcomes = probe.outcomes([(f'{n:03d}',) for n in range(200)])
    assert all(type(outcome) is Returned for outcome in outcomes), outcomes[-1]


def test_all_the_output_the_limits_allow_is_read_however_it_is_written() -> None:
    # 700,000 chess pieces, within an output limit of 1 MiB: six bytes each in JSON
    source = "def mirror(board):\n    print('\u265f' * 700_000)\n    return board\n"
    with StudentProcess(Limits(output_kb=1024), FLOOR) as child:
        assert child.load(source, 'mirror.py', {}).error is None
        answers = child.call('mirror', [('BB..W.W.W',)])
    assert answers.outcomes == [Returned('BB..W.W.W')]
    assert answers.printed == '\u265f' * 700_000 + '\n'


def test_answers_too_large_to_read_are_refused_with_a_reason() -> None:
    source = "def mirror(board):\n    return [['x' * 100] * 20] * 20\n"
    with StudentProcess(LIMITS, FLOOR) as child:
        probe = _probe(child, source)
        outcomes = probe.outcomes([(str(n),) for n in range(200)])
    assert outcomes[0] == Died('its answers were too large to read (over 4 MiB)')


def test_functions_that_give_one_big_reply_each_keep_their_own_answers() -> None:
    """A whole domain answered alike by two functions is read once and shared; what
    one of them answered besides never reaches the other."""
    domain = [(f'{number:09d}',) for number in range(4000)]  # a reply big enough to keep
    first = 'def mirror(board):\n    return board[::-1]\n'
    second = 'def mirror(board):\n    return "its own" if board == "else" else board[::-1]\n'
    with StudentProcess(LIMITS, FLOOR) as one, StudentProcess(LIMITS, FLOOR) as other:
        probe = _probe(one, first)
        assert probe.value('else') == 'esle'
        assert probe.values(domain)[:2] == ['000000000', '100000000']
        again = _probe(other, second)
        assert again.values(domain) == probe.values(domain)
        assert again.value('else') == 'its own'
        assert probe.value('else') == 'esle'


def test_a_slow_call_is_measured_as_it_computed_not_as_it_waited() -> None:
    """What a call computed is measured from the parent's first look at the child's
    CPU time: a call that waits first is not counted as computing all that while."""
    source = ('import time\ndef mirror(board):\n    if board in ("slow", "late"):\n'
              '        time.sleep(0.4 if board == "late" else 0)\n'
              '        start = time.process_time()\n'
              '        while time.process_time() - start < 0.3:\n            pass\n'
              '    return board\n')
    with StudentProcess(Limits(call_seconds=2.0, file_seconds=10.0), FLOOR) as child:
        probe = _probe(child, source)
        probe.values([('a',), ('b',)])
        assert child.slowest_call is None or child.slowest_call < 0.2
        probe.value('late')
        late = child.slowest_call
        probe.value('slow')
        slow = child.slowest_call
    assert late is not None and 0.29 <= late < 0.39
    assert slow is not None and slow >= 0.29


FOUR_DIGITS = [(f'{number:04d}',) for number in range(1200)]  # a whole domain
# a mirror that answers with how many calls came before: which call each answer was
COUNTING = ('calls = []\ndef mirror(board):\n    calls.append(board)\n'
            '    return str(len(calls) - 1)\n')


def test_a_whole_domain_keeps_the_answers_known_before_in_their_places() -> None:
    """The calls known already are not asked again: a function that counts its calls
    shows which call each answer came from."""
    domain = FOUR_DIGITS
    with StudentProcess(LIMITS, FLOOR) as child:
        probe = _probe(child, COUNTING)
        assert probe.value('0500') == '0'
        assert probe.value('0007') == '1'
        got = probe.values(domain)
    assert got[7] == '1' and got[500] == '0'
    assert got[:7] == [str(number) for number in range(2, 9)]
    assert got[8:500] == [str(number) for number in range(9, 501)]
    assert got[501:] == [str(number) for number in range(501, 1200)]


def test_a_whole_domain_with_hundreds_known_is_read_from_one_reply_in_order() -> None:
    """A mirror that fails the lesson's examples knows some 400 calls (the properties')
    when it is asked whole: they keep their places, nothing is asked twice, and the
    key of its answers comes from the reply (big enough to be kept), with no pass
    over every answer."""
    domain = [(f'{number:09d}',) for number in range(5000)]
    known = sorted(random.Random(5).sample(range(5000), 400))
    source = ('calls = []\ndef mirror(board):\n    calls.append(board)\n'
              '    return [f"{len(calls) - 1:09d}"]\n')
    work = SharedWork()
    with StudentProcess(LIMITS, FLOOR, memo=work.wire) as child:
        probe = _probe(child, source, work)
        assert probe.values([domain[at] for at in known]) == [[f'{n:09d}'] for n in range(400)]
        got = probe.values(domain)
        assert probe.known_key(domain) is not None
    assert [got[at] for at in known] == [[f'{n:09d}'] for n in range(400)]
    places = set(known)
    assert [value for at, value in enumerate(got) if at not in places] == \
        [[f'{n:09d}'] for n in range(400, 5000)]


def test_calls_of_a_domain_read_whole_are_never_asked_again() -> None:
    """After a whole domain came in one reply, its calls are answered from that reply,
    alone or mixed with calls outside it; only those outside it reach the child."""
    domain = FOUR_DIGITS
    with StudentProcess(LIMITS, FLOOR) as child:
        probe = _probe(child, COUNTING)
        assert probe.value('0007') == '0'
        whole = probe.values(domain)
        assert probe.value('0500') == whole[500] == '500'
        assert probe.outcomes([('0010',), ('other',), ('0007',)]) == \
            [Returned('10'), Returned('1200'), Returned('0')]
        assert probe.all_returned([('0005',), ('other',)]) == ['6', '1200']  # 0007 came first
        assert probe.values([('0006',), ('more',)]) == ['7', '1201']
        assert probe.answers_key(domain) is not None


def test_putting_known_values_back_matches_inserting_them_one_by_one() -> None:
    from autograder.checking.domain_answers import put_back
    rng = random.Random(0)
    for size in (0, 1, 2, 7, 50):
        for count in sorted({0, 1, size // 2, size} & set(range(size + 1))):
            places = sorted(rng.sample(range(size), count))
            cut = [f'cut {n}' for n in range(size - count)]
            inserted = list(cut)
            for at in places:
                inserted.insert(at, f'known {at}')
            assert put_back(tuple(cut), [(at, f'known {at}') for at in places]) == inserted


def test_a_whole_domain_keeps_a_call_that_failed_before_as_it_failed() -> None:
    domain = [(f'{number:04d}',) for number in range(1200)]
    source = ('failed = []\ndef mirror(board):\n    if board == "0003" and not failed:\n'
              '        failed.append(board)\n        raise ValueError(board)\n'
              '    return board\n')
    with StudentProcess(LIMITS, FLOOR) as child:
        probe = _probe(child, source)
        assert probe.outcomes([('0003',)])[0].__class__.__name__ == 'Raised'
        assert probe.all_returned(domain) is None
        with pytest.raises(Failure) as caught:
            probe.values(domain)
    assert caught.value.summary.startswith("mirror('0003') raised ValueError")


def test_the_answers_key_of_a_domain_read_from_one_reply_tells_answers_apart() -> None:
    """Two functions share what is worked out from their answers only when they gave
    the same answers: the reply they share is not enough, if a call known before it
    came to something else."""
    domain = [(f'{number:09d}',) for number in range(4000)]  # a reply big enough to keep
    alike = 'def mirror(board):\n    return board[::-1]\n'
    first_odd = ('calls = []\ndef mirror(board):\n    calls.append(board)\n'
                 '    return "odd" if len(calls) == 1 else board[::-1]\n')
    keys = []
    for source, asked_first in ((alike, False), (alike, False), (alike, True),
                                (first_odd, True)):
        with StudentProcess(LIMITS, FLOOR) as child:
            probe = _probe(child, source)
            if asked_first:
                probe.value('000000000')
            keys.append(probe.answers_key(domain))
    assert None not in keys
    assert keys[0] == keys[1]
    assert keys[3] != keys[2]


def test_probes_with_the_same_answers_share_one_list_of_the_whole_domain() -> None:
    """The known values are put back into a big reply once for every probe whose
    domain has the same key; one whose known call came to something else has a list
    of its own, with that answer in its place."""
    domain = [(f'{number:09d}',) for number in range(4000)]  # a reply big enough to keep
    alike = 'def mirror(board):\n    return board[::-1]\n'
    first_odd = ('calls = []\ndef mirror(board):\n    calls.append(board)\n'
                 '    return "odd" if len(calls) == 1 else board[::-1]\n')
    wholes = []
    work = SharedWork()  # a batch worker's
    for source in (alike, alike, first_odd):
        with StudentProcess(LIMITS, FLOOR, memo=work.wire) as child:
            probe = _probe(child, source, work)
            probe.value('000000000')
            wholes.append(probe.values(domain))
    assert wholes[0] is wholes[1]
    assert wholes[0] == [board[::-1] for board, in domain]
    assert wholes[2] is not wholes[0] and wholes[2][0] == 'odd'
    assert wholes[2][1:] == wholes[0][1:]


def test_a_whole_domain_cut_around_the_same_places_is_one_list_for_good() -> None:
    """Every probe that knows the calls at the same places asks the very same tuple, so
    how it travels and how its reply is sorted out are found again by identity."""
    from autograder.checking.domain_answers import DomainMemo, cut_around
    memo = DomainMemo()
    domain = [(f'{number:04d}',) for number in range(1200)]
    cut = cut_around(domain, (3, 700), memo)
    assert cut is cut_around(domain, (3, 700), memo)
    assert list(cut) == domain[:3] + domain[4:700] + domain[701:]
    assert cut_around(domain, (3,), memo) is not cut
    assert len(cut_around(domain, (3,), memo)) == 1199
    assert list(cut_around(domain, (), memo)) == domain
    other = list(domain)  # equal, but another list: cut on its own
    assert cut_around(other, (3, 700), memo) is not cut
    assert cut_around(domain, (3, 700), DomainMemo()) is not cut  # another owner's


def test_a_child_that_stops_itself_between_requests_costs_its_budget_not_a_hang() -> None:
    """A request larger than the pipe holds goes in as the child reads it: a child that
    stopped (SIGSTOP from a thread of its own) is given up at the file's limit, where a
    blocking write would wait for it for ever."""
    source = ('import os, signal, threading\n'
              'threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGSTOP)).start()\n'
              'def mirror(board, other=""):\n    return board\n')
    with StudentProcess(Limits(call_seconds=0.3, file_seconds=2.0), FLOOR) as child:
        probe = _probe(child, source)
        time.sleep(0.3)  # the child has stopped by now
        asked = [(f'{number:09d}', 'x' * 20) for number in range(20000)]  # about 1 MiB
        got: list[Outcome] = []
        # in a thread, so that a write that never ends fails the test instead of hanging it
        asking = threading.Thread(target=lambda: got.extend(child.call('mirror', asked).outcomes
                                                             or []), daemon=True)
        asking.start()
        asking.join(60)
        assert not asking.is_alive(), 'the request never ended'
    assert probe.function == 'mirror'
    assert got and isinstance(got[0], Died)
    assert 'ran past its limit of 2 s' in got[0].reason
