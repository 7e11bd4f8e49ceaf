"""Each isolation layer on its own: Landlock, bubblewrap, cgroups (seccomp has a module
of its own). Layers that restrict a process for good are tried in a fork of the test
process, which reports back through a pipe (see `layer_trials`)."""
from __future__ import annotations

import os
import socket
import sys
import time
from pathlib import Path

import pytest

from autograder.calls.outcomes import Returned
from autograder.sandbox import bwrap, cgroups, path_policy
from autograder.sandbox.inside import landlock
from autograder.sandbox.process import StudentProcess
from autograder.sandbox.working_layers import probe
from autograder.settings.config import Config

from layer_trials import FakeLibc, attempt, in_fork

PROJECT = Path(__file__).resolve().parent.parent


# -- Landlock ---------------------------------------------------------------------

def restrict(read_paths: list[str], full_paths: list[str]) -> None:
    """Put this process under one ruleset, for good, as a child puts on each of its two."""
    ruleset = landlock.build(read_paths, full_paths)
    try:
        landlock.enforce(ruleset)
    finally:
        os.close(ruleset)


@pytest.mark.skipif(landlock.abi() < 4, reason='this kernel has no Landlock for TCP')
def test_landlock_lets_a_child_read_the_stdlib_and_write_only_its_folder(
        tmp_path: Path) -> None:
    mine, outside = tmp_path / 'mine', tmp_path / 'outside'
    mine.mkdir()
    outside.mkdir()

    def body() -> str:
        restrict(path_policy.read_paths(), [str(mine)])
        return ' '.join([
            attempt(lambda: open(os.__file__).close()),
            attempt(lambda: (mine / 'a').write_text('x')),
            attempt(lambda: (outside / 'b').write_text('x')),
            attempt(lambda: (PROJECT / 'hexapawn_ref' / '__init__.py').read_text()),
            attempt(lambda: socket.create_connection(('127.0.0.1', 9), timeout=1)),
        ])
    assert in_fork(body) == 'allowed allowed EACCES EACCES EACCES'


@pytest.mark.skipif(landlock.abi() < 1, reason='this kernel has no Landlock')
def test_a_childs_own_coarse_layer_still_keeps_out_the_packages_and_other_children(
        tmp_path: Path) -> None:
    run = tmp_path / 'run'
    mine, theirs = run / 'child-0', run / 'child-1'
    mine.mkdir(parents=True)
    theirs.mkdir()
    (theirs / 'left.txt').write_text('another student')
    coarse = path_policy.coarse_read_paths(run)
    assert len(coarse) < len(path_policy.read_paths())  # the point of it: fewer rules per child

    def body() -> str:  # as the zygote puts on the shared layer, then the child its own
        landlock.enforce(landlock.build(path_policy.read_paths(), [str(run)]))
        landlock.enforce(landlock.build(coarse, [str(mine)]))
        return ' '.join([
            attempt(lambda: open(os.__file__).close()),
            attempt(lambda: (mine / 'a').write_text('x')),
            attempt(lambda: (theirs / 'left.txt').read_text()),
            attempt(lambda: open(pytest.__file__).close()),  # an installed package
        ])
    assert in_fork(body) == 'allowed allowed EACCES EACCES'


def test_reads_leave_out_a_hidden_folder_and_follow_links_to_it(tmp_path: Path) -> None:
    system = tmp_path / 'usr'
    for folder in ('bin', 'lib/python3/dist-packages', 'lib/python3/other', 'lib/x'):
        (system / folder).mkdir(parents=True)
    (tmp_path / 'lib').symlink_to(system / 'lib')  # as /lib leads to /usr/lib
    (system / 'lib/packages').symlink_to(system / 'lib/python3/dist-packages')
    (system / 'lib/up').symlink_to(system)  # a link back up
    hidden = [str(tmp_path / 'lib' / 'python3' / 'dist-packages')]
    # a rule is on what its path leads to: neither link may become one
    assert path_policy.readable([str(system), str(tmp_path / 'lib')], hidden) == [
        str(system / 'bin'), str(system / 'lib/python3/other'), str(system / 'lib/x')]


@pytest.mark.skipif(bwrap.binary() is None, reason='bubblewrap is not installed')
def test_bubblewrap_and_landlock_show_a_child_the_same_system_paths(tmp_path: Path) -> None:
    argv = bwrap.command(tmp_path, tmp_path, [], keep_root=False)
    mounted = {argv[at + 2] for at, word in enumerate(argv)
               if word in ('--ro-bind', '--ro-bind-try', '--symlink')}
    system = path_policy.SYSTEM_FOLDERS + path_policy.SYSTEM_FILES
    assert [path for path in system if os.path.lexists(path) and path not in mounted] == []
    allowed = path_policy.coarse_read_paths(tmp_path)
    assert [path for path in system + path_policy.DEVICES if path not in allowed] == []


@pytest.mark.parametrize('off', [(), ('bubblewrap',)], ids=['every layer', 'no bubblewrap'])
def test_no_child_sees_into_a_folder_of_installed_packages(off: tuple[str, ...]) -> None:
    # every Python's packages on this machine, found here without asking the runtime
    hidden = sorted({str(folder) for base in ('/usr/lib', '/usr/local/lib',
                                              f'{sys.base_prefix}/lib', f'{sys.prefix}/lib')
                     for folder in Path(base).glob('python3*/*-packages') if folder.is_dir()})
    assert any(os.listdir(folder) for folder in hidden)  # packages are there to be seen
    source = ('import os\ndef peek(folder):\n    try:\n        return len(os.listdir(folder))\n'
              '    except OSError as exc:\n        return type(exc).__name__\n')
    isolation = probe(off=off)
    assert 'landlock' in isolation.layers
    try:
        with StudentProcess(Config().limits, isolation) as child:
            assert child.load(source, 'peek.py', {}).error is None
            outcomes = child.call('peek', [(folder,) for folder in hidden]).outcomes
    finally:
        isolation.close()
    seen = {folder: outcome.value for folder, outcome in zip(hidden, outcomes)
            if isinstance(outcome, Returned)}
    assert seen.keys() == set(hidden)
    assert all(value in (0, 'PermissionError', 'FileNotFoundError') for value in seen.values()), \
        seen


def test_coarse_reads_fall_back_to_fine_ones_around_a_run_folder_beneath_them() -> None:
    inside = Path(os.__file__).parent / 'hexgrade-run-x'
    assert path_policy.coarse_read_paths(inside) == path_policy.read_paths()


def test_landlock_says_when_the_kernel_lacks_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landlock, 'abi', lambda: 0)
    with pytest.raises(OSError, match='Landlock is not available in this kernel'):
        landlock.build([], [])


@pytest.mark.skipif(landlock.abi() < 1, reason='this kernel has no Landlock')
@pytest.mark.parametrize('failing,argument,message', [
    ('prctl', None, 'no_new_privs could not be set'),
    ('syscall', landlock.RESTRICT_SELF, 'landlock_restrict_self failed'),
    ('syscall', landlock.ADD_RULE, 'landlock_add_rule failed for /usr'),
])
def test_landlock_says_which_step_failed(monkeypatch: pytest.MonkeyPatch, failing: str,
                                         argument: int | None, message: str) -> None:
    def body() -> str:
        monkeypatch.setattr(landlock, '_libc', FakeLibc(landlock._libc, failing, argument))
        try:
            restrict(['/usr'], [])
        except OSError as exc:
            return str(exc)
        return 'restricted'
    assert message in in_fork(body)


@pytest.mark.skipif(landlock.abi() < 1, reason='this kernel has no Landlock')
def test_landlock_says_when_the_ruleset_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landlock, 'FS_BY_ABI', {5: 1 << 60}, raising=True)
    monkeypatch.setattr(landlock, 'abi', lambda: 7)
    with pytest.raises(OSError, match='landlock_create_ruleset failed'):
        landlock.build([], [])


# -- bubblewrap -------------------------------------------------------------------

def test_bubblewrap_command_drops_capabilities_and_shares_nothing(tmp_path: Path) -> None:
    argv = bwrap.command(tmp_path, tmp_path / 'code', ['/opt/site-packages'], keep_root=False)
    assert ['--tmpfs', '/opt/site-packages'] == argv[argv.index('/opt/site-packages') - 1:
                                                    argv.index('/opt/site-packages') + 1]
    assert ['--cap-drop', 'ALL'] == argv[argv.index('--cap-drop'):argv.index('--cap-drop') + 2]
    assert '--unshare-net' in argv and '--unshare-pid' in argv


LOOKING = """
import os

def seen(top, own):
    # how many files there are under top, and those not under own (a few)
    found = []
    for folder, _, files in os.walk(top):
        found += [os.path.join(folder, name) for name in files]
    return [len(found), sorted(path for path in found if not path.startswith(own))[:5]]
"""


@pytest.mark.skipif(bwrap.problem() is not None, reason='bubblewrap is not installed')
def test_a_child_in_bubblewrap_sees_no_file_of_the_project_or_the_installed_packages() -> None:
    """What a child can see, asked from inside it: bubblewrap alone decides it here
    (Landlock and seccomp off), wherever the project and its virtual environment are
    (the README's .venv lives inside the project, so the project's path is on bwrap's
    command line, on the way to folders it hides). Of the project, only the child's own
    code is there; of the installed packages, nothing."""
    isolation = probe(off=('landlock', 'seccomp', 'uid', 'cgroups'))
    assert 'bubblewrap' in isolation.layers
    packages = Path(__import__('hypothesis').__file__).parent.parent
    try:
        with StudentProcess(Config().limits, isolation) as process:
            assert process.load(LOOKING, 'look.py', {}).error is None
            own = str(PROJECT / 'autograder' / 'sandbox') + os.sep
            answers = process.call('seen', [(str(PROJECT), own), (str(packages), own)])
    finally:
        isolation.close()
    assert all(isinstance(outcome, Returned) for outcome in answers.outcomes), answers
    (in_project, outside_own), (in_packages, _) = [o.value for o in answers.outcomes]
    assert in_project > 10 and outside_own == []  # the child's own code, and nothing else
    assert in_packages == 0


def test_bubblewrap_missing_is_said(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bwrap, 'binary', lambda: None)
    assert bwrap.problem() == 'bwrap is not installed (Debian: apt-get install bubblewrap)'
    with pytest.raises(FileNotFoundError, match='bwrap is not installed'):
        bwrap.command(tmp_path, tmp_path, [], keep_root=False)


# -- cgroups ----------------------------------------------------------------------

def test_cgroup_hierarchies_are_read_from_the_process_own_groups(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ('memory', 'pids', 'unified'):
        (tmp_path / name).mkdir()
        (tmp_path / name / 'cgroup.procs').touch()
    monkeypatch.setattr(cgroups, 'ROOT', tmp_path)
    found = cgroups.hierarchies('4:memory:/a/b\n8:pids:/\n1:cpu:/\n0::/c\n')
    assert found == {'memory': tmp_path / 'memory/a/b', 'pids': tmp_path / 'pids',
                     'unified': tmp_path / 'unified/c'}


def test_cgroups_say_when_a_group_is_not_writable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cgroups, 'hierarchies', lambda: {'pids': Path('/proc/1')})
    monkeypatch.setattr(cgroups.os, 'access', lambda path, mode: False)
    assert cgroups.problem() == 'the pids group /proc/1 is not writable'


def test_cgroups_say_when_fork_bombs_cannot_be_stopped(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(cgroups, 'hierarchies', lambda: {'unified': tmp_path})
    assert cgroups.problem() == 'no pids controller to stop fork bombs'


@pytest.mark.skipif(cgroups.problem() is not None, reason='no writable cgroups here')
def test_every_childs_groups_get_its_limits_and_a_kill_empties_them() -> None:
    """What the first child's groups showed of their files (which limits, which kill)
    holds for every later child, each with its own memory limit."""
    import signal
    import subprocess

    groups = cgroups.Groups()
    try:
        for memory in (64 << 20, 96 << 20):
            child = groups.for_child(memory)
            limits = {kind: {file: (folder / file).read_text().strip()
                             for file in cgroups.LIMIT_FILES[kind] if (folder / file).exists()}
                      for folder, kind in zip(child.folders, child.kinds)}
            written = [value for found in limits.values() for value in found.values()]
            assert str(memory) in written and str(cgroups.PROCESSES) in written
            assert all(value in (str(memory), str(cgroups.PROCESSES)) for value in written)
            if any((folder / 'cgroup.kill').exists() for folder in child.folders):
                assert child.kill_file and Path(child.kill_file).exists()
            sleeper = subprocess.Popen(['sleep', '30'])
            for fd in child.files:
                os.write(fd, str(sleeper.pid).encode())
            assert child.pids() == [sleeper.pid] * len(child.folders)
            child.kill()
            assert sleeper.wait(5) == -signal.SIGKILL
            groups.give_back(child)
            assert not any(folder.exists() for folder in child.folders)
    finally:
        groups.close()


@pytest.mark.skipif(cgroups.problem() is not None, reason='no writable cgroups here')
def test_a_stale_group_that_will_not_go_does_not_hold_up_a_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A killed grader's group with a group inside that no grader made cannot be
    removed: the next run tries a few times and leaves it for another time."""
    import subprocess

    gone = subprocess.Popen(['true'])
    gone.wait()  # its pid is a grader that is gone
    where = next(iter(cgroups.hierarchies().values()))
    stale = where / f'hexgrade-{gone.pid}-0'
    (stale / 'made-by-someone-else').mkdir(parents=True)
    tried: list[Path] = []  # the removals of this group, whatever others are stale
    rmdir = Path.rmdir

    def counted(self: Path) -> None:
        if self == stale:
            tried.append(self)
        rmdir(self)
    monkeypatch.setattr(Path, 'rmdir', counted)
    monkeypatch.setattr(time, 'sleep', lambda seconds: None)
    try:
        cgroups.Groups().close()
        assert stale.exists() and 0 < len(tried) <= cgroups.STALE_ATTEMPTS
    finally:
        (stale / 'made-by-someone-else').rmdir()
        stale.rmdir()


def test_without_a_uid_of_its_own_a_child_cannot_read_another_childs_folder() -> None:
    isolation = probe(off={'uid'})
    assert 'landlock' in isolation.layers and 'uid' not in isolation.layers
    try:
        with StudentProcess(Config().limits, isolation) as first, \
                StudentProcess(Config().limits, isolation) as second:
            writer = ('import os\nopen("secret.txt", "w").write("answers")\n'
                      'def where(x):\n    return os.getcwd()\n')
            assert first.load(writer, 'mirror.py', {}).error is None
            folder = first.call('where', [('x',)]).outcomes[0]
            reader = ('import os\ndef peek(folder):\n'
                      '    try:\n        return open(folder + "/secret.txt").read()\n'
                      '    except OSError as exc:\n        return type(exc).__name__\n'
                      'def look(x):\n    try:\n        return str(os.listdir(".."))\n'
                      '    except OSError as exc:\n        return type(exc).__name__\n')
            assert second.load(reader, 'mirror.py', {}).error is None
            assert isinstance(folder, Returned)
            peeked = second.call('peek', [(folder.value,)]).outcomes[0]
            looked = second.call('look', [('x',)]).outcomes[0]
    finally:
        isolation.close()
    assert peeked == Returned('PermissionError')
    assert looked == Returned('PermissionError')
