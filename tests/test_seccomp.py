"""The seccomp layer on its own: what its filter allows and refuses, tried in a fork
of the test process (see `layer_trials`), and how the filter is packed once for every
child."""
from __future__ import annotations

import ctypes
import errno
import os
import socket
import threading
from pathlib import Path

import pytest

from autograder.sandbox.inside import seccomp

from layer_trials import FakeLibc, attempt, in_fork


@pytest.mark.skipif(not seccomp.available(), reason='no seccomp filter for this machine')
def test_seccomp_stops_sockets_processes_and_signals_but_not_threads() -> None:
    def body() -> str:
        seccomp.install()
        done: list[str] = []
        thread = threading.Thread(target=lambda: done.append('thread'))
        thread.start()
        thread.join()
        return ' '.join([
            attempt(lambda: socket.socket()),
            attempt(os.fork),
            attempt(lambda: os.execv('/bin/true', ['true'])),
            attempt(lambda: os.kill(1, 0)),
            attempt(lambda: os.kill(os.getpid(), 0)),
            attempt(os.setsid),
            *done,
        ])
    assert in_fork(body) == 'EPERM EPERM EPERM EPERM allowed EPERM thread'


def test_the_filter_packed_once_is_the_program_for_each_pid() -> None:
    import struct
    packed = seccomp.Packed()
    for pid in (1, 2, 3, 255, 256, 65_536, os.getpid(), 4_194_304):
        fresh = b''.join(struct.pack('=HBBI', *line) for line in seccomp.program(pid))
        assert packed.for_pid(pid) == fresh
        ready = packed.program_for(pid)  # what the kernel is handed, in place
        assert ready.len * 8 == len(fresh)
        assert ctypes.string_at(ready.filter, ready.len * 8) == fresh
    assert packed.places  # signals and limits name the child's own pid


@pytest.mark.skipif(not seccomp.available(), reason='no seccomp filter for this machine')
def test_a_filter_packed_before_the_fork_lets_the_child_signal_itself_only() -> None:
    packed = seccomp.Packed()  # here, as the zygote packs it: for another pid

    def body() -> str:
        seccomp.install(packed)
        return ' '.join([attempt(lambda: os.kill(os.getpid(), 0)),
                         attempt(lambda: os.kill(os.getppid(), 0)), attempt(os.fork)])
    assert in_fork(body) == 'allowed EPERM EPERM'


DANGEROUS = ('shmget', 'shmat', 'semget', 'msgget', 'mq_open', 'setpriority', 'chmod',
             'fchmod', 'fchmodat', 'chown', 'fchown', 'utimensat', 'mknod', 'mknodat',
             'setxattr', 'memfd_create', 'socket', 'execve', 'ptrace', 'symlink')


def test_the_seccomp_allow_list_says_why_each_call_is_there() -> None:
    tables = {'allowed': {name: number for name, (number, _) in seccomp.ALLOWED.items()},
              'by argument': {name: entry[0] for name, entry in seccomp.BY_ARGUMENT.items()},
              'denied': {name: number for name, (number, _) in seccomp.DENIED.items()}}
    reasons = [why for _, why in seccomp.ALLOWED.values()] + \
        [entry[3] for entry in seccomp.BY_ARGUMENT.values()] + \
        [why for _, why in seccomp.DENIED.values()]
    numbers = [number for table in tables.values() for number in table.values()]
    assert all(len(why) > 5 for why in reasons)
    assert len(numbers) == len(set(numbers))  # no call in two tables, or twice in one
    assert all(0 <= number < 512 for number in numbers)
    assert not set(DANGEROUS) & (set(tables['allowed']) | set(tables['by argument']))
    assert set(DANGEROUS) <= set(tables['denied'])
    assert {'prlimit64', 'fcntl', 'ioctl', 'kill', 'tgkill'} == set(tables['by argument'])
    assert len(tables['allowed']) < 120  # an allow list, not everything


@pytest.mark.skipif(not seccomp.available(), reason='no seccomp filter for this machine')
def test_seccomp_refuses_ipc_metadata_and_other_processes_limits(tmp_path: Path) -> None:
    import ctypes
    import fcntl
    import resource
    libc = ctypes.CDLL(None, use_errno=True)
    target = tmp_path / 'target'
    target.write_text('x')

    def raw(name: str, *args: int) -> str:
        number = seccomp.DENIED[name][0] if name in seccomp.DENIED else \
            {'acct': 163}[name]
        if libc.syscall(number, *args) != -1:
            return 'allowed'
        return errno.errorcode.get(ctypes.get_errno(), 'refused')

    def body() -> str:
        seccomp.install()
        fd = os.open(target, os.O_RDONLY)
        return ' '.join([
            raw('shmget', 0, 4096, 0o1600),  # IPC_PRIVATE, IPC_CREAT | 0600
            raw('semget', 0, 1, 0o1600),
            raw('msgget', 0, 0o1600),
            attempt(lambda: resource.prlimit(1, resource.RLIMIT_AS)),
            attempt(lambda: resource.prlimit(0, resource.RLIMIT_AS)),
            attempt(lambda: os.setpriority(os.PRIO_PGRP, 0, 10)),
            attempt(lambda: fcntl.fcntl(fd, fcntl.F_SETOWN, 1)),
            attempt(lambda: fcntl.fcntl(fd, 10, 29)),  # F_SETSIG
            attempt(lambda: fcntl.fcntl(fd, fcntl.F_GETFD)),
            attempt(lambda: fcntl.ioctl(fd, 0x40086602, b'\0' * 8)),  # FS_IOC_SETFLAGS
            attempt(lambda: fcntl.ioctl(fd, 0x5401, b'\0' * 64)),  # TCGETS: not a tty
            attempt(lambda: os.chmod(target, 0o4755)),
            attempt(lambda: os.chown(target, 0, 0)),
            attempt(lambda: os.utime(target, (0, 0))),
            attempt(lambda: os.mknod(tmp_path / 'fifo', 0o600 | 0o10000)),
            raw('acct', 0),  # in no table: as if this kernel lacked it
        ])
    assert in_fork(body).split() == [
        'EPERM', 'EPERM', 'EPERM', 'EPERM', 'allowed', 'EPERM', 'EPERM', 'EPERM', 'allowed',
        'EPERM', 'ENOTTY', 'EPERM', 'EPERM', 'EPERM', 'EPERM', 'ENOSYS']
    assert target.stat().st_mode & 0o7777 == 0o644


def test_seccomp_says_which_machines_it_knows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seccomp, 'machine', lambda: 'sparc')
    assert not seccomp.available()
    with pytest.raises(OSError, match='the seccomp filter knows x86_64 only, not sparc'):
        seccomp.install()


@pytest.mark.skipif(not seccomp.available(), reason='no seccomp filter for this machine')
@pytest.mark.parametrize('argument,message', [
    (seccomp.PR_SET_NO_NEW_PRIVS, 'no_new_privs could not be set'),
    (seccomp.PR_SET_SECCOMP, 'the seccomp filter was refused'),
])
def test_seccomp_says_which_step_failed(monkeypatch: pytest.MonkeyPatch, argument: int,
                                        message: str) -> None:
    def body() -> str:
        monkeypatch.setattr(seccomp, '_libc', FakeLibc(seccomp._libc, 'prctl', argument))
        try:
            seccomp.install()
        except OSError as exc:
            return str(exc)
        return 'installed'
    assert message in in_fork(body)


# -- the filter's program, run here by a small interpreter of classic BPF ---------------

def _run(program: list[seccomp.Line], data: dict[int, int], walked: list[int] | None = None
         ) -> int:
    """What the filter returns for a call whose 32-bit words at these offsets of the
    kernel's seccomp_data are `data` (number 0, architecture 4, arguments 16 on); with
    `walked`, how many instructions that took is added to it."""
    accumulator, at = 0, 0
    while True:
        code, true, false, k = program[at]  # an IndexError: a path runs off the end
        if walked is not None:
            walked.append(1)
        if code == seccomp.RET:
            return k
        if code == seccomp.LD_ABS:
            accumulator, at = data.get(k, 0), at + 1
            continue
        if code == seccomp.JA:
            at += 1 + k
            continue
        assert 0 <= true <= 255 and 0 <= false <= 255
        taken = {seccomp.JEQ: accumulator == k, seccomp.JGE: accumulator >= k,
                 seccomp.JSET: bool(accumulator & k)}[code]
        at += 1 + (true if taken else false)


def _unpacked(code: bytes) -> list[seccomp.Line]:
    size = seccomp.Packed.INSTRUCTION.size
    return [seccomp.Packed.INSTRUCTION.unpack(code[at:at + size])
            for at in range(0, len(code), size)]


def _expected(number: int, arguments: dict[int, int], pid: int) -> int:
    """The verdict the tables give a call."""
    if number >= seccomp.X32_BIT:
        return seccomp.REFUSED
    if number in {n for n, _ in seccomp.ALLOWED.values()}:
        return seccomp.ALLOW
    if number == seccomp.CLONE:
        thread = arguments.get(seccomp.ARG0_LOW, 0) & seccomp.CLONE_THREAD
        return seccomp.ALLOW if thread else seccomp.REFUSED
    for n, offset, values, _ in seccomp.BY_ARGUMENT.values():
        if n == number:
            wanted = {pid if value is None else value for value in values}
            return seccomp.ALLOW if arguments.get(offset, 0) in wanted else seccomp.REFUSED
    if number in {n for n, _ in seccomp.DENIED.values()}:
        return seccomp.REFUSED
    return seccomp.UNKNOWN


def _verdicts_hold(program: list[seccomp.Line], pid: int) -> set[int]:
    """Check the program against the tables: the verdicts it gave. The program compares
    the number with the numbers the tables name (all below 512, see the table test)
    and with the x32 bit only, so every number below 1024 and a few above the bit
    stand for all 2^32; the arguments tried are every value a table names, the pid,
    and values next to them."""
    named = {n for n, _ in seccomp.ALLOWED.values()} | {n for n, _ in seccomp.DENIED.values()} \
        | {entry[0] for entry in seccomp.BY_ARGUMENT.values()} | {seccomp.CLONE}
    values = {value for entry in seccomp.BY_ARGUMENT.values() for value in entry[2]
              if value is not None}
    tried = sorted(values | {v + 1 for v in values} | {pid, pid + 1, 8, 10, 1024, 1026,
                                                        0x40086602, 2 ** 32 - 1})
    verdicts = set()
    for number in [*range(1024), seccomp.X32_BIT, seccomp.X32_BIT + 1, 2 ** 32 - 1]:
        argument_sets: list[dict[int, int]] = [{}] if number not in named else \
            [{offset: value} for offset in (seccomp.ARG0_LOW, seccomp.ARG1_LOW)
             for value in tried] + [{seccomp.ARG0_LOW: seccomp.CLONE_THREAD | 0x100}]
        for arguments in argument_sets:
            data = {seccomp.NR: number, seccomp.ARCH: seccomp.AUDIT_ARCH_X86_64, **arguments}
            verdict = _run(program, data)
            assert verdict == _expected(number, arguments, pid), (number, arguments)
            verdicts.add(verdict)
        # another architecture's calls are never let through, whatever their number
        assert _run(program, {seccomp.NR: number, seccomp.ARCH: 0x40000003}) == seccomp.KILL
    return verdicts


@pytest.mark.parametrize('pid', [1, 2, 36, 1024, 4242, 0x5401, 4_194_304])
def test_the_filter_each_child_installs_gives_every_call_its_tables_verdict(pid: int) -> None:
    program = _unpacked(seccomp.Packed().for_pid(pid))  # as a child installs it
    assert program == seccomp.program(pid)
    assert _verdicts_hold(program, pid) == {seccomp.ALLOW, seccomp.REFUSED, seccomp.UNKNOWN}


def test_the_filter_holds_with_long_jumps_between_its_halves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables are too few today for a half longer than a conditional jump reaches;
    forced to jump long everywhere, the tree gives the same verdicts."""
    monkeypatch.setattr(seccomp, 'FAR', 0)
    program = seccomp.program(4242)
    assert any(code == seccomp.JA for code, _, _, _ in program)
    _verdicts_hold(program, 4242)
    if seccomp.available():  # and the kernel takes it, and follows it

        def body() -> str:
            seccomp.install(seccomp.Packed())
            return ' '.join([attempt(lambda: os.kill(os.getpid(), 0)), attempt(os.fork),
                             attempt(lambda: socket.socket())])
        assert in_fork(body) == 'allowed EPERM EPERM'


def test_the_filter_is_a_tree_the_kernel_walks_quickly() -> None:
    """Installing a filter, the kernel runs it for every call number: each takes a few
    steps down the tree, where the list it replaced took hundreds for most."""
    program = seccomp.program(4242)
    assert len(program) < 400  # the list had some 450 instructions
    for number in range(512):
        walked: list[int] = []
        _run(program, {seccomp.NR: number, seccomp.ARCH: seccomp.AUDIT_ARCH_X86_64}, walked)
        assert len(walked) <= 30, number  # the header, the tree, a few tried in turn, a leaf


def test_a_call_named_in_two_tables_stops_the_filter_being_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Which verdict it got would depend on the order the tables are read in."""
    monkeypatch.setitem(seccomp.DENIED, 'clone', (seccomp.CLONE, 'threads are allowed'))
    with pytest.raises(ValueError, match='named twice'):
        seccomp.program(4242)
