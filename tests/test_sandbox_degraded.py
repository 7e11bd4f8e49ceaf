"""Degraded modes: layers turned off on purpose, as on a machine that lacks them.

Each mode says which layers are off and which attacks the remaining layers must
still stop; every mode is named in the results and warned about, never silent.
Attacks that only a missing layer stops are left out of that mode on purpose (a
signal to pid 1 is not sent where nothing would stop it).
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest

from autograder.grading import grade_submission
from autograder.sandbox.isolation import FLOOR_LAYERS, STRONG_LAYERS, Isolation
from autograder.sandbox.working_layers import ENV_OFF, probe

from test_sandbox_attacks import CONFIG, EXPECTED, OUTSIDE, assert_graded, submission
from test_sandbox_leftovers import ours, stray_files, stray_processes


class Mode(NamedTuple):
    off: frozenset[str]
    attacks: tuple[str, ...]


PROCESSES = ('fork_bomb', 'background_process')
MODES = {
    'no-seccomp': Mode(frozenset({'seccomp'}), PROCESSES + (
        'udp_send', 'tcp_connect', 'signal_grader', 'files_outside', 'installed_package',
        'shared_memory_reader', 'deep_folders')),
    'uid-alone-for-processes': Mode(frozenset({'seccomp', 'cgroups'}), PROCESSES),
    'cgroups-alone-for-processes': Mode(frozenset({'seccomp', 'uid'}), PROCESSES),
    'bubblewrap-alone': Mode(frozenset({'uid', 'cgroups', 'landlock', 'seccomp'}), (
        'installed_package', 'walk_up_files', 'import_checks', 'files_outside', 'udp_send',
        'tcp_connect', 'signal_grader', 'hang_sleep')),
    'no-bubblewrap': Mode(frozenset({'bubblewrap'}), (
        'installed_package', 'walk_up_files', 'files_outside', 'delete_files', 'tcp_connect',
        'udp_send', 'signal_grader', 'shared_memory', 'shared_memory_reader', 'reach_out',
        'deep_folders', 'rules_variant_dodge')),
    'no-bubblewrap-nor-landlock': Mode(frozenset({'bubblewrap', 'landlock'}), (
        'tcp_connect', 'udp_send', 'signal_grader', 'import_checks')),
    'floor-with-zygote': Mode(frozenset(STRONG_LAYERS), PROCESSES + (
        'endless_loop_call', 'stubborn_loop_call', 'memory_bomb', 'os_exit_call')),
    'floor-fresh-interpreters': Mode(frozenset({'zygote'}), (
        'endless_loop_call', 'stubborn_loop_import', 'memory_bomb', 'sys_exit_call',
        'os_exit_call', 'str_subclass', 'list_not_str')),
}


class Degraded(NamedTuple):
    isolation: Isolation
    root: Path
    zygotes: set[int]


@pytest.fixture(scope='module')
def degraded(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Degraded]:
    root = tmp_path_factory.mktemp('degraded-root')
    saved, tempfile.tempdir = tempfile.tempdir, str(root)
    try:
        isolation = probe(off=MODES[request.param].off)  # the mode's name is the param
        yield Degraded(isolation, root, ours(root))
        isolation.close()
    finally:
        tempfile.tempdir = saved


def _cases() -> list[tuple[str, str]]:
    return [(mode, attack) for mode in sorted(MODES) for attack in MODES[mode].attacks]


@pytest.mark.parametrize('degraded,attack', _cases(), indirect=['degraded'])
def test_attack_in_degraded_mode(degraded: Degraded, attack: str, tmp_path: Path) -> None:
    expect = EXPECTED[attack]
    result = grade_submission(submission(tmp_path, attack, expect.exercise), CONFIG,
                              degraded.isolation)
    assert_graded(result, expect.exercise, expect.says)
    assert result.isolation == degraded.isolation.name
    assert stray_processes(degraded.root, degraded.zygotes) == []
    assert stray_files(degraded.root) == []
    for path in OUTSIDE:
        assert not path.exists(), f'{path} was written'


@pytest.mark.parametrize('degraded', sorted(MODES), indirect=True)
def test_a_degraded_mode_is_named_and_warned_about(degraded: Degraded,
                                                   request: pytest.FixtureRequest) -> None:
    mode = MODES[request.node.callspec.params['degraded']]
    isolation = degraded.isolation
    for layer in mode.off - {'zygote'}:
        assert layer not in isolation.layers
        assert f'warning: sandbox without {layer}: turned off' in isolation.warnings()
    if 'zygote' in mode.off:
        assert isolation.runtime is None
        assert isolation.layers == FLOOR_LAYERS
    assert isolation.layers[-len(FLOOR_LAYERS):] == FLOOR_LAYERS
    assert isolation.name == '+'.join(isolation.layers)


def test_layers_can_be_turned_off_through_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_OFF, 'seccomp, landlock')
    isolation = probe()
    try:
        assert 'seccomp' not in isolation.layers and 'landlock' not in isolation.layers
        assert ('seccomp', 'turned off') in isolation.missing
        assert ('landlock', 'turned off') in isolation.missing
    finally:
        isolation.close()
