"""Probing which layers work, the zygote and its errors, the uid pool, a child
under the full sandbox, and the command line's `check --isolation`."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

import pytest

from autograder.calls.outcomes import Returned
from autograder.cli import main
from autograder.errors import ConfigError, GraderError
from autograder.sandbox import cgroups, path_policy, proc_stat, runtime, zygote_client
from autograder.sandbox.interpreter import ENVIRONMENT
from autograder.sandbox.process import StudentProcess
from autograder.sandbox.stale import alive
from autograder.sandbox.uid_pool import UID_SLOTS, UidPool
from autograder.sandbox.working_layers import ENV_OFF, probe, turned_off
from autograder.sandbox.zygote_client import LayerFailed, Zygote
from autograder.settings.config import Config

# -- uids, probing and the zygote -------------------------------------------------

def test_the_uid_pool_runs_out_loudly() -> None:
    pool = UidPool()
    taken = {pool.take() for _ in range(UID_SLOTS)}
    assert len(taken) == UID_SLOTS and 0 not in taken
    with pytest.raises(GraderError, match=f'more than {UID_SLOTS} children at once'):
        pool.take()


def test_an_unknown_layer_name_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_OFF, 'seccomp,selinux')
    with pytest.raises(ConfigError, match="there is no isolation layer 'selinux'"):
        turned_off()


def test_a_bubblewrap_that_cannot_start_is_dropped_and_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime.bwrap, 'problem', lambda: None)
    monkeypatch.setattr(runtime.bwrap, 'command', lambda *args, **kwargs: ['/bin/false'])
    isolation = probe()
    try:
        assert 'bubblewrap' not in isolation.layers
        why = dict(isolation.missing)['bubblewrap']
        assert why.startswith('a trial sandbox did not start (')
        assert 'sandbox zygote' in why
    finally:
        isolation.close()


def test_a_layer_a_child_cannot_put_on_is_dropped_and_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(path_policy, 'read_paths', lambda: [])  # Landlock then hides the stdlib
    isolation = probe(off={'uid'})
    try:
        assert 'landlock' not in isolation.layers
        assert dict(isolation.missing)['landlock'].startswith(
            'a trial child could not use it (the sandbox could not put on its landlock layer')
    finally:
        isolation.close()


def test_control_groups_that_cannot_be_made_are_dropped_and_named(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / 'pids').write_text('a file, where a group folder should be')
    monkeypatch.setattr(cgroups, 'problem', lambda: None)
    monkeypatch.setattr(cgroups, 'hierarchies', lambda: {'pids': tmp_path / 'pids'})
    isolation = probe()
    try:
        assert 'cgroups' not in isolation.layers
        assert dict(isolation.missing)['cgroups'].startswith(
            'a trial child could not use it (the sandbox could not make its control groups:')
    finally:
        isolation.close()


def fake_zygote(tmp_path: Path, body: str) -> Zygote:
    """A zygote whose program is `body`, given its socket as `sock`."""
    script = tmp_path / 'fake_zygote.py'
    script.write_text('import socket, sys, time\n'
                      'sock = socket.socket(fileno=int(sys.argv[-2]))\n' + textwrap.dedent(body))
    return Zygote([sys.executable, str(script)], {}, ENVIRONMENT, tmp_path)


@pytest.mark.parametrize('body,message', [
    ('sock.recv(100)\nsock.send(b\'{"pid": "me"}\')\ntime.sleep(5)\n',
     'the sandbox started a child that did not say who it is'),
    ('sock.recv(100)\nsys.stderr.write("no room here\\n")\n',
     'the sandbox zygote stopped: no room here'),
    ('time.sleep(5)\n', 'the sandbox zygote did not answer within 0.3 s'),
])
def test_the_zygote_errors_say_what_went_wrong(tmp_path: Path, body: str, message: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(zygote_client, 'REPLY_SECONDS', 0.3)
    fake = fake_zygote(tmp_path, body)
    try:
        with pytest.raises(GraderError, match=message):
            fake.spawn([], {})
    finally:
        fake._proc.kill()
        fake.close()


@pytest.mark.parametrize('written,message', [
    (b'', 'a sandboxed child did not get ready within 0.2 s'),
    (b'00000020{"ready": tr', 'a sandboxed child ended before it was ready'),
    (b'00000002[]', 'a sandboxed child greeted in words nobody understands'),
    (b'what?!!!', 'a sandboxed child greeted in words nobody understands'),
])
def test_a_garbled_greeting_is_an_error_of_the_sandbox(written: bytes, message: str) -> None:
    reader, writer = os.pipe()
    os.write(writer, written)
    if written:
        os.close(writer)
    try:
        with pytest.raises(GraderError, match=message):
            zygote_client.read_greeting(reader, 0.2)
    finally:
        os.close(reader)
        if not written:
            os.close(writer)


def test_a_failed_layer_names_the_layer(tmp_path: Path) -> None:
    real = Zygote([], {'stdlib_file': os.__file__}, ENVIRONMENT, tmp_path)
    requests, requests_w = os.pipe()
    answers, answers_w = os.pipe()
    try:
        real.spawn([requests, answers_w], {'workdir': str(tmp_path / 'gone'), 'limits': {}})
        with pytest.raises(LayerFailed) as failed:
            zygote_client.ready(answers)
        assert failed.value.layer == 'private-folder'
        assert str(failed.value).startswith(
            'the sandbox could not put on its private-folder layer: FileNotFoundError')
    finally:
        for fd in (requests, requests_w, answers, answers_w):
            os.close(fd)
        real.close()


def test_a_zygote_that_is_gone_cannot_be_reached(tmp_path: Path) -> None:
    fake = fake_zygote(tmp_path, '')
    fake._proc.wait()
    fake._sock.shutdown(socket.SHUT_RDWR)
    with pytest.raises(GraderError, match='cannot reach the sandbox zygote'):
        fake.status(1)
    fake.close()


def test_a_child_under_the_full_sandbox_answers_calls() -> None:
    isolation = probe()
    try:
        with StudentProcess(Config().limits, isolation) as child:
            loaded = child.load('def mirror(board):\n    return board[::-1]\n', 'mirror.py', {})
            called = child.call('mirror', [('abc',), ('xy',)])
            outcomes, printed = called.outcomes, called.printed
        assert loaded.error is None
        assert [o.value for o in outcomes] == ['cba', 'yx']  # type: ignore[union-attr]
    finally:
        isolation.close()


def test_a_child_may_use_its_folder_by_its_full_path(tmp_path: Path) -> None:
    deep = tmp_path / 'a' / 'b'
    deep.mkdir(parents=True)
    saved, tempfile.tempdir = tempfile.tempdir, str(deep)  # the run folder, far down
    isolation = probe()
    source = ('import os\n'
              'def note(text):\n'
              '    path = os.path.join(os.getcwd(), "note.txt")\n'
              '    with open(path, "w") as file:\n'
              '        file.write(text)\n'
              '    with open(path) as file:\n'
              '        return file.read()\n')
    try:
        with StudentProcess(Config().limits, isolation) as child:
            child.load(source, 'note.py', {})
            outcomes = child.call('note', [('kept',)]).outcomes
        assert outcomes == [Returned('kept')]
    finally:
        tempfile.tempdir = saved
        isolation.close()


def test_a_zygote_that_ended_is_started_again() -> None:
    isolation = probe()
    try:
        assert isolation.runtime is not None
        first = isolation.runtime.zygote
        first._proc.kill()
        first._proc.wait()
        with StudentProcess(Config().limits, isolation) as child:
            child.load('def mirror(board):\n    return board[::-1]\n', 'mirror.py', {})
            outcomes = child.call('mirror', [('abc',)]).outcomes
        assert outcomes == [Returned('cba')]
        assert isolation.runtime.zygote is not first
    finally:
        isolation.close()


# -- the command line -------------------------------------------------------------

def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_check_isolation_says_which_layers_are_on_and_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_OFF, 'seccomp')
    code, out, err = run_cli('check', '--isolation')
    assert code == 0
    assert out.startswith('isolation: ')
    assert '  off  seccomp        turned off\n' in out
    assert err == ''  # a student's check explains on stdout, and only when asked


def test_check_without_a_path_is_a_usage_error() -> None:
    code, out, err = run_cli('check')
    assert code == 2
    assert err.startswith('error: check needs a PATH')


def test_a_bad_layer_name_in_the_environment_is_a_usage_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_OFF, 'firewall')
    code, out, err = run_cli('check', '--isolation')
    assert code == 2
    assert "error: HEXGRADE_ISOLATION_OFF: there is no isolation layer 'firewall'" in err


# -- a grader that is killed --------------------------------------------------------

KILLED_GRADER = '''
import os, sys, tempfile, threading, time
tempfile.tempdir = sys.argv[1]
from autograder.settings.config import Config
from autograder.sandbox.process import StudentProcess
from autograder.sandbox.working_layers import probe
child = StudentProcess(Config().limits, probe())
print(child._child.pid, flush=True)
STUBBORN = 'import signal, time\\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\\ntime.sleep(300)\\n'
threading.Thread(target=child.load, args=(STUBBORN, 's.py', {}), daemon=True).start()
time.sleep(0.5)  # the child is asleep in the student's code, deaf to its alarm
os.kill(os.getpid(), 9)
'''


def _ended(pid: int) -> bool:
    """Gone, or a zombie that only waits to be reaped."""
    fields = proc_stat.fields(pid)
    return fields is None or fields[0] == b'Z'


@pytest.mark.parametrize('off', ['', 'bubblewrap'])
def test_nothing_outlives_a_grader_that_is_killed(tmp_path: Path, off: str) -> None:
    killed = subprocess.run([sys.executable, '-c', KILLED_GRADER, str(tmp_path)],
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, ENV_OFF: off})
    pid = int(killed.stdout)
    for _ in range(40):  # the zygote sees its socket close, and kills its children
        if not alive(pid) or _ended(pid):
            break
        time.sleep(0.05)
    assert not alive(pid) or _ended(pid)
    left = list(tmp_path.glob('hexgrade-run-*'))
    assert len(left) == 1  # killed, it could not clear its run folder away
    saved, tempfile.tempdir = tempfile.tempdir, str(tmp_path)
    isolation = probe()  # the next run does it
    try:
        assert left[0] not in list(tmp_path.glob('hexgrade-run-*'))
        groups = [path / f'hexgrade-{pid}-' for path in cgroups.hierarchies().values()]
        assert not any(list(top.parent.glob(top.name + '*')) for top in groups)
    finally:
        tempfile.tempdir = saved
        isolation.close()
