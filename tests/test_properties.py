"""Replaying Hypothesis' inputs gives Hypothesis' verdicts, and a failure over a finite
domain is narrowed down to its simplest input (autograder/checking/properties.py)."""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from autograder.checking.failures import Failure
from autograder.checking.probe import Probe
from autograder.checking.properties import RECORDED, Property, _run_hypothesis, examples_for
from autograder.checking.recording import recorded_now
from autograder.exercises import BY_NAME
from autograder.kit.paths import game_file
from autograder.sandbox.isolation import FLOOR
from autograder.sandbox.process import StudentProcess
from autograder.settings.config import Config
from autograder.sharing.shared_work import SharedWork

SETTINGS = Config().properties


def test_the_shipped_recording_is_what_hypothesis_draws_today() -> None:
    shipped = json.loads(RECORDED.read_text(encoding='utf-8'))
    assert shipped == recorded_now(), 'run: python -m autograder.checking.recording'


def test_explicit_examples_come_first() -> None:
    prop = BY_NAME['mirror'].properties[1]
    assert examples_for(prop, SETTINGS)[0] == prop.explicit[0]


@pytest.mark.parametrize('prop', [p for e in BY_NAME.values() for p in e.properties],
                         ids=lambda prop: prop.name)
def test_the_first_drawn_input_is_the_simplest_one(prop: Property) -> None:
    # what lets a failure there be reported without running Hypothesis to shrink it
    from hypothesis import find, settings
    simplest = find(prop.strategy(), lambda _: True, settings=settings(database=None))
    assert examples_for(prop, SETTINGS)[len(prop.explicit)] == simplest


def test_a_failure_at_the_simplest_input_needs_no_hypothesis(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any) -> None:
        raise AssertionError('Hypothesis was run')
    monkeypatch.setattr('autograder.checking.properties._run_hypothesis', refuse)
    run = next(c for c in BY_NAME['mirror'].checks if c.name == 'own_inverse').run
    with StudentProcess(Config().limits, FLOOR) as child:
        child.load(MIRRORS['simplest board'], 'mirror.py', {'hexapawn': game_file()})
        said = verdict(lambda: run(Probe(child, 'mirror', SETTINGS)))
    assert said == f"failed: mirror(mirror({SIMPLEST!r})) is not {SIMPLEST!r}"


def test_other_settings_are_drawn_by_hypothesis_then_kept() -> None:
    prop = BY_NAME['mirror'].properties[0]
    fewer = replace(SETTINGS, max_examples=5)
    work = SharedWork()
    first = examples_for(prop, fewer, memo=work.examples)
    assert 1 < len(first) <= 6
    assert examples_for(prop, fewer, memo=work.examples) is first


MIRRORS = {
    'right': 'def mirror(board):\n    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n',
    'only pieces': ('def mirror(board):\n'
                    '    if set(board) - set(".BW"):\n'
                    '        return board\n'
                    '    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n'),
    'long strings': ('def mirror(board):\n'
                     '    if "B" in board and "W" in board and board.count(".") < 2:\n'
                     '        return board[::-1]\n'
                     '    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n'),
}
# wrong on the simplest board Hypothesis draws for "mirroring twice gives the board back"
TWICE = BY_NAME['mirror'].properties[0]
SIMPLEST = examples_for(TWICE, SETTINGS)[len(TWICE.explicit)]
MIRRORS['simplest board'] = ('def mirror(board):\n'
                             f'    if board == {SIMPLEST!r}:\n'
                             '        return "W........"\n'
                             '    return board[2::-1] + board[5:2:-1] + board[8:5:-1]\n')


def verdict(run: Any) -> str:
    try:
        run()
    except Failure as failure:
        return f'failed: {failure.summary}'
    return 'passed'


@pytest.mark.parametrize('name', sorted(MIRRORS))
@pytest.mark.parametrize('check', ['own_inverse', 'any_characters'])
def test_replay_gives_the_verdict_and_shrunk_input_of_hypothesis(
        name: str, check: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run = next(c for c in BY_NAME['mirror'].checks if c.name == check).run
    with StudentProcess(Config().limits, FLOOR) as child:
        child.load(MIRRORS[name], 'mirror.py', {'hexapawn': game_file()})
        probe = Probe(child, 'mirror', SETTINGS)
        replayed = verdict(lambda: run(probe))
        straight_runs: list[str] = []

        def straight(prop: Property, body: Any, _probe: Probe) -> None:
            straight_runs.append(prop.name)
            _run_hypothesis(prop, body, SETTINGS)
        monkeypatch.setattr('autograder.exercises.mirror.checks.check_property', straight)
        direct = verdict(lambda: run(probe))
    assert straight_runs == [f'mirror.{check}']
    assert replayed == direct


# two winners written differently that give the same answers on every position of a game:
# each forgets the last square of the rows a pawn wins on
WINNERS = [
    ('from hexapawn import moves\n'
     'def winner(board, side):\n'
     '    if "W" in board[0:2]:\n'
     '        return "W"\n'
     '    if "B" in board[6:8]:\n'
     '        return "B"\n'
     '    if not moves(board, side):\n'
     '        return "B" if side == "W" else "W"\n'
     '    return ""\n'),
    ('import hexapawn\n'
     'def winner(board, side):\n'
     '    for square, pawn in ((0, "W"), (1, "W"), (6, "B"), (7, "B")):\n'
     '        if board[square] == pawn:\n'
     '            return pawn\n'
     '    if len(hexapawn.moves(board, side)) == 0:\n'
     '        return {"W": "B", "B": "W"}[side]\n'
     '    return ""\n'),
]


def counted_calls(monkeypatch: pytest.MonkeyPatch, name: str) -> list[str]:
    """The properties that `properties.<name>` is called for from now on, with no
    verdict known yet."""
    import autograder.checking.properties as properties
    calls: list[str] = []
    real = getattr(properties, name)

    def counted(prop: Property, *rest: Any) -> None:
        calls.append(prop.name)
        real(prop, *rest)
    monkeypatch.setattr(properties, name, counted)
    return calls


def whole_games(text: str, work: SharedWork | None = None) -> str:
    """The verdict of winner's whole-games check on this winner, with what `work`'s
    owner worked out before."""
    run = next(c for c in BY_NAME['winner'].checks if c.name == 'follows_whole_games').run
    with StudentProcess(Config().limits, FLOOR) as child:
        child.load(text, 'winner.py', {'hexapawn': game_file()})
        return verdict(lambda: run(Probe(child, 'winner', SETTINGS, work=work)))


def test_a_failure_is_shared_by_functions_that_answer_alike(
        monkeypatch: pytest.MonkeyPatch) -> None:
    checked = counted_calls(monkeypatch, '_check')
    work = SharedWork()  # a batch worker's
    said = [whole_games(text, work) for text in WINNERS]
    assert said[0].startswith('failed: ') and said[0] == said[1]
    assert checked == ['winner.whole_games']  # the second was not checked again
    assert whole_games(WINNERS[1]) == said[0]  # and it is what a check gives alone
    assert checked == ['winner.whole_games'] * 2


def test_a_shared_failure_carries_no_grading_with_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    run = next(c for c in BY_NAME['winner'].checks if c.name == 'follows_whole_games').run
    work = SharedWork()
    raised = []
    for text in WINNERS * 2:
        with StudentProcess(Config().limits, FLOOR) as child:
            child.load(text, 'winner.py', {'hexapawn': game_file()})
            try:
                run(Probe(child, 'winner', SETTINGS, work=work))
            except Failure as failure:
                raised.append(failure)
    kept = [verdict for key in list(work.verdicts._kept)
            if (verdict := work.verdicts.get(key)[0]) is not None]
    assert len(kept) == 1 and len(raised) == 4
    assert kept[0].__traceback__ is None and kept[0].__context__ is None
    assert all(failure is not kept[0] for failure in raised)  # each a copy of its own
    assert len({id(failure) for failure in raised}) == 4
    assert {str(failure) for failure in raised} == {str(kept[0])}


RIGHT_WINNERS = [
    ('from hexapawn import moves\n'
     'def winner(board, side):\n'
     '    if "W" in board[0:3] or "B" not in board:\n'
     '        return "W"\n'
     '    if "B" in board[6:9] or "W" not in board:\n'
     '        return "B"\n'
     '    return "" if moves(board, side) else ("B" if side == "W" else "W")\n'),
    ('import hexapawn\n'
     'def winner(board, side):\n'
     '    top, bottom = board[:3], board[6:]\n'
     '    if "W" in top or board.count("B") == 0:\n'
     '        return "W"\n'
     '    if "B" in bottom or board.count("W") == 0:\n'
     '        return "B"\n'
     '    if len(hexapawn.moves(board, side)) == 0:\n'
     '        return {"W": "B", "B": "W"}[side]\n'
     '    return ""\n'),
]


def test_a_property_held_is_not_checked_again_for_functions_that_answer_alike(
        monkeypatch: pytest.MonkeyPatch) -> None:
    replays = counted_calls(monkeypatch, '_check')
    work = SharedWork()  # a batch worker's
    assert [whole_games(text, work) for text in RIGHT_WINNERS] == ['passed', 'passed']
    assert replays == ['winner.whole_games']  # the second function answered alike
    assert whole_games(WINNERS[0], work).startswith('failed: ')  # a wrong one is checked
    assert replays == ['winner.whole_games'] * 2


def test_a_domain_where_nothing_fails_reports_the_replayed_failure(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`simplest_first` must hold every input the strategy draws; where it does not,
    the failure the replay found is reported, not none."""
    import autograder.checking.properties as properties
    from autograder.checking.properties import check_property
    prop = Property('test.nothing_fails_in_the_domain',
                    lambda: __import__('hypothesis').strategies.integers(0, 100),
                    decided_by=lambda: [('BBB...WWW',)], simplest_first=lambda: [0, 1, 2])

    def body(number: int) -> None:
        if number >= 10:
            raise Failure(f'{number} is too big')
    drawn = examples_for(prop, SETTINGS)
    first = next(number for number in drawn if number >= 10)
    assert drawn.index(first) > 0  # a failure to narrow down, not the simplest input
    monkeypatch.setattr(properties, '_shrink', lambda *args: pytest.fail('shrunk'))
    with StudentProcess(Config().limits, FLOOR) as child:
        child.load(MIRRORS['right'], 'mirror.py', {'hexapawn': game_file()})
        with pytest.raises(Failure, match=f'^{first} is too big$'):
            check_property(prop, body, Probe(child, 'mirror', SETTINGS))


def test_hypothesis_is_imported_without_the_plugins_installed_beside_it(tmp_path: Any) -> None:
    """A plugin runs when Hypothesis is imported; grading imports it without them, and
    leaves the environment as it was."""
    import subprocess
    import sys
    (tmp_path / 'noisy_plugin.py').write_text('def setup():\n    print("plugin ran")\n')
    dist = tmp_path / 'noisy_plugin-1.0.dist-info'
    dist.mkdir()
    (dist / 'METADATA').write_text('Metadata-Version: 2.1\nName: noisy-plugin\nVersion: 1.0\n')
    (dist / 'entry_points.txt').write_text('[hypothesis]\nnoisy = noisy_plugin:setup\n')
    program = ('import os, sys\n'
               'sys.path.insert(0, sys.argv[1])\n'
               'from autograder.checking.properties import _import_without_plugins\n'
               '_import_without_plugins()\n'
               'print("imported", "HYPOTHESIS_NO_PLUGINS" in os.environ)\n')
    done = subprocess.run([sys.executable, '-c', program, str(tmp_path)],
                          capture_output=True, text=True, check=True)
    assert done.stdout == 'imported False\n'
    plain = subprocess.run([sys.executable, '-c', f'import sys; sys.path.insert(0, '
                            f'{str(tmp_path)!r}); import hypothesis'],
                           capture_output=True, text=True, check=True)
    assert plain.stdout == 'plugin ran\n'  # the plugin is real: Hypothesis alone runs it


def test_hypothesis_runs_in_one_thread_whichever_thread_asks() -> None:
    """Submissions may be graded in several threads (a Dask worker's); Hypothesis sets
    up a random generator (with a full garbage collection) for every thread it meets."""
    import threading
    prop = Property('test.one_thread', lambda: __import__('hypothesis').strategies.integers())
    ran_in: set[int] = set()

    def body(value: int) -> None:
        ran_in.add(threading.get_ident())

    def shrink() -> None:
        _run_hypothesis(prop, body, SETTINGS)
    threads = [threading.Thread(target=shrink) for _ in range(3)]
    for thread in threads:
        thread.start()
        thread.join()
    assert len(ran_in) == 1 and threading.get_ident() not in ran_in


SUBCLASS_WINNER = ('import hexapawn\n'
                   'class S(str):\n'
                   '    pass\n'
                   'def winner(board, side):\n'
                   '    if "W" in board[:3] or "B" not in board:\n'
                   '        return S("W")\n'
                   '    if "B" in board[6:] or "W" not in board:\n'
                   '        return S("B")\n'
                   '    if not hexapawn.moves(board, side):\n'
                   '        return S("B" if side == "W" else "W")\n'
                   '    return S("")\n')


@pytest.mark.parametrize('first', ['right', 'subclass'])
def test_a_verdict_is_shared_only_by_values_of_the_same_exact_types(
        monkeypatch: pytest.MonkeyPatch, first: str) -> None:
    """A str subclass shows itself as the str it holds: a function returning one must
    not get the verdict of a right winner, nor give its own to one."""
    counted_calls(monkeypatch, '_check')
    texts = {'right': RIGHT_WINNERS[0], 'subclass': SUBCLASS_WINNER}
    order = [first, 'subclass' if first == 'right' else 'right']
    said = {name: whole_games(texts[name]) for name in order}
    assert said['right'] == 'passed'
    assert said['subclass'].startswith('failed: ')


def test_hypothesis_version_is_read_from_its_metadata_folder_as_metadata_says_it() -> None:
    from importlib import metadata

    from autograder.checking import properties

    properties._hypothesis_version.cache_clear()
    try:
        assert properties._hypothesis_version() == metadata.version('hypothesis')
    finally:
        properties._hypothesis_version.cache_clear()


def test_hypothesis_version_without_a_metadata_folder_comes_from_its_metadata(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util
    from importlib import metadata

    from autograder.checking import properties

    monkeypatch.setattr(importlib.util, 'find_spec', lambda name: None)
    monkeypatch.setattr(metadata, 'version', lambda name: f'{name} from metadata')
    properties._hypothesis_version.cache_clear()
    try:
        assert properties._hypothesis_version() == 'hypothesis from metadata'
    finally:
        properties._hypothesis_version.cache_clear()
