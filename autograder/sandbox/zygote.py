"""The zygote: a small process that forks one child per exercise file on request.

It runs `child.py`'s own code in a fresh `python -I -S` (inside bubblewrap when
that layer is on), so it never held the reference, the solutions or the checks:
a fork of it holds nothing the student may not see. It never runs student code
itself. Each forked child first tells the parent who it is over the zygote's
socket (the kernel attaches its process id as the parent sees it, even from a pid
namespace), then puts on its own layers (cgroups, rlimits, its own uid, Landlock,
seccomp) and greets the parent on its own pipe: ready, or which layer failed.
As a subreaper, the zygote inherits whatever a child left running, and kills it.
As root, no child keeps root: each takes the uid it is given, in an IPC namespace
of its own where the kernel allows one (its SysV objects die with it); where no
seccomp filter refuses SysV IPC, the zygote also removes whatever IPC objects that
uid made once the child has ended.

Requests (JSON over a SOCK_SEQPACKET socket, file descriptors alongside):
`spawn` (fds: the child's two pipe ends, then cgroup.procs files to join),
`status` (how a child ended, when it has), `sweep` (kill every process of a uid),
`hold` (fd: a batch of strings that many children are asked on, such as mirror's
3^9 boards, read once here and split, so that every child forked after it holds
them already and a request only names them).
Standard library only, like `child.py`.
"""
from __future__ import annotations

import ctypes
import json
import os
import resource
import select
import signal
import socket
from typing import Any, Callable

PR_SET_CHILD_SUBREAPER = 36
CLONE_NEWIPC = 0x08000000
IPC_RMID = 0
IPC_KINDS = ('shm', 'sem', 'msg')
MAX_REQUEST = 1 << 16
HELD_MOST = 8  # batches held at once; a run asks for one or two
HELD_CHARACTERS = 1 << 22  # in one batch: honest ones are far smaller
# a child of the grader's own uid could send these (where no Landlock scope or seccomp
# stops it): the zygote ignores them, each child gets the usual handling back
IGNORED = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGUSR1,
           signal.SIGUSR2)

RunChild = Callable[[int, int, dict[str, Any]], None]


def serve(sock_fd: int, settings: dict[str, Any], run_child: RunChild,
          layers: dict[str, Any]) -> None:
    """Answer the parent until its end of the socket closes."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)  # orphans come here to be reaped
    libc.unshare  # looked up once here, for every child (see `_own_ipc`)
    layers['libc'] = libc
    for number in IGNORED:
        signal.signal(number, signal.SIG_IGN)
    sock = socket.socket(fileno=sock_fd)
    if settings.get('landlock'):  # built once here; each child only enforces it
        try:
            layers['shared_ruleset'] = layers['landlock'].build(settings['read_paths'],
                                                                [settings['run_folder']])
        except OSError as exc:  # each child will say so, naming the layer
            layers['shared_ruleset'] = exc
    ended: dict[int, int] = {}
    spawned: set[int] = set()
    # the child's own uid, by pid, where its IPC objects may need clearing: not under
    # seccomp, which refuses every SysV IPC call, and which each child puts on before
    # any student code runs (one that cannot never serves)
    uids: dict[int, int] = {}
    clear_ipc = not settings.get('seccomp')
    while True:
        spawned -= _reap(ended, uids, libc)
        _kill_orphans(spawned)
        if not select.select([sock], [], [], 0.2)[0]:
            continue
        data, fds, _, _ = socket.recv_fds(sock, MAX_REQUEST, 16)
        if not data:  # the grader is gone, perhaps killed: nothing may outlive it
            _kill_all(spawned)
            return
        request = json.loads(data)
        if request['op'] == 'spawn':
            own = _own_ruleset(request, settings, layers)
            try:
                pid = os.fork()
                if pid == 0:
                    _become_child(sock, fds, request, settings, run_child, layers, own)
            finally:  # the child's from here on: no later child may inherit it
                if isinstance(own, int):
                    os.close(own)
            spawned.add(pid)
            if clear_ipc and request.get('own_uid') and type(request.get('uid')) is int:
                uids[pid] = request['uid']
            for fd in fds:
                os.close(fd)
        elif request['op'] == 'status':
            spawned -= _reap(ended, uids, libc)
            sock.send(json.dumps({'status': ended.pop(request['pid'], None)}).encode())
        elif request['op'] == 'sweep':
            sock.send(json.dumps({'swept': _sweep(request['uid'])}).encode())
        elif request['op'] == 'hold':
            held = _hold(fds, request, layers['batches'], layers['wire'])
            sock.send(json.dumps({'held': held}).encode())


def _hold(fds: list[int], request: dict[str, Any], batches: dict[str, list[str]],
          wire: Any) -> bool:
    """Read the batch of `count` strings of `width` characters on fds[0] (ASCII, as
    `wire.strings_out` joins them) and keep it split under its `key`."""
    try:
        key, width, count = request['key'], request['width'], request['count']
        if type(key) is not str or type(width) is not int or type(count) is not int or \
                width <= 0 or not 0 < width * count <= HELD_CHARACTERS or \
                len(batches) >= HELD_MOST:
            return False
        size = width * count
        chunks, left = [], size + 1  # one more: a longer batch is not this one
        while left:
            chunk = os.read(fds[0], left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        joined = b''.join(chunks)
        texts = wire.strings_in({'joined': joined.decode('ascii'), 'width': width}, count)
        if texts is None:
            return False
        batches[key] = texts
        return True
    except (KeyError, TypeError, OSError, IndexError, UnicodeDecodeError):
        return False
    finally:
        for fd in fds:
            os.close(fd)


def _reap(ended: dict[int, int], uids: dict[int, int], libc: ctypes.CDLL) -> set[int]:
    """Collect every ended child's status, and clear the IPC objects of each ended
    child's own uid; returns their pids."""
    reaped: set[int] = set()
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return reaped
        if pid == 0:
            return reaped
        reaped.add(pid)
        ended[pid] = os.waitstatus_to_exitcode(status)
        if pid in uids:
            _remove_ipc(uids.pop(pid), libc)
        if len(ended) > 10_000:  # statuses nobody asked for: forget the oldest
            del ended[next(iter(ended))]


def _kill_all(spawned: set[int]) -> None:
    for pid in spawned:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
    _kill_orphans(set())


def _kill_orphans(spawned: set[int]) -> None:
    """Kill every child of ours that we did not spawn: as a subreaper we inherit the
    processes a student's child left behind (a daemon that forked twice, say)."""
    try:
        with open(f'/proc/self/task/{os.getpid()}/children', encoding='ascii') as children:
            listed = children.read()
    except OSError:
        return
    for pid in map(int, listed.split()):
        if pid not in spawned:
            for kill in (os.killpg, os.kill):
                try:
                    kill(pid, signal.SIGKILL)
                except OSError:
                    pass


def _remove_ipc(uid: int, libc: ctypes.CDLL) -> None:
    """Remove every SysV IPC object (shared memory, semaphores, message queues) that
    `uid` owns or made, in this process's IPC namespace: they outlive their maker."""
    remove = {'shm': lambda ident: libc.shmctl(ident, IPC_RMID, None),
              'sem': lambda ident: libc.semctl(ident, 0, IPC_RMID),
              'msg': lambda ident: libc.msgctl(ident, IPC_RMID, None)}
    for kind in IPC_KINDS:
        for ident in _ipc_objects(kind, uid):
            remove[kind](ident)


def _ipc_objects(kind: str, uid: int) -> list[int]:
    """The ids of the IPC objects of `kind` (shm, sem or msg) in this namespace that
    `uid` owns or made."""
    try:
        with open(f'/proc/sysvipc/{kind}', encoding='ascii') as table:
            header, *rows = [line.split() for line in table]
    except (OSError, ValueError):
        return []
    found = []
    for row in rows:
        fields = dict(zip(header, row))
        if str(uid) in (fields.get('uid'), fields.get('cuid')):
            found.append(int(row[1]))
    return found


def _sweep(uid: int) -> bool:
    """Kill every process of `uid`: those that left the child's process group too."""
    pid = os.fork()
    if pid == 0:
        try:
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            os.kill(-1, signal.SIGKILL)  # as that uid, -1 reaches its own processes only
        except OSError:
            pass
        os._exit(0)
    os.waitpid(pid, 0)
    return True


def _own_ruleset(request: dict[str, Any], settings: dict[str, Any],
                 layers: dict[str, Any]) -> int | OSError | None:
    """The child's own Landlock ruleset (see `landlock.confine`), built here before the
    fork, where ctypes is warm: in a freshly forked child the same rules cost three
    times as much. The error, for the child to report, when it cannot be built; None
    without Landlock."""
    if not settings.get('landlock'):
        return None
    try:
        return int(layers['landlock'].build(settings['own_read_paths'],
                                            [request['workdir']]))
    except OSError as exc:
        return exc


def _become_child(sock: socket.socket, fds: list[int], request: dict[str, Any],
                  settings: dict[str, Any], run_child: RunChild,
                  layers: dict[str, Any], own: int | OSError | None) -> None:
    """In the forked child: say who it is (the zygote is free again at once), put on
    every layer asked for, then greet the parent on its own pipe and serve calls.
    A layer that fails stops the child: it never runs with less than was promised."""
    reader, writer, *cgroup_files = fds
    os.setsid()  # first: from the moment the parent knows the pid, killpg reaches it
    for number in IGNORED:
        signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sock.send(json.dumps({'pid': os.getpid()}).encode())
    sock.close()
    step = 'process-group'
    try:
        quiet = os.open(os.devnull, os.O_RDWR)  # output past sys.stdout goes nowhere
        for fd in (0, 1, 2):
            os.dup2(quiet, fd)
        os.close(quiet)
        step = 'cgroups'
        for fd in cgroup_files:
            os.write(fd, b'0')
            os.close(fd)
        step = 'private-folder'
        workdir = request['workdir']
        os.chdir(workdir)
        os.environ.update({'HOME': workdir, 'TMPDIR': workdir})
        step = 'rlimits'
        limits = request['limits']
        layers['limit_resources'](limits)
        own_ruleset = -1
        if settings.get('landlock'):
            step = 'landlock'
            if not isinstance(own, int):  # built by the zygote whenever Landlock is on
                raise own or OSError('no Landlock ruleset was built for this child')
            own_ruleset = own
        uid = request.get('uid')
        moved: dict[str, str] = {}
        if uid is not None:
            step = 'uid'
            moved = give_up_root(uid, limits, layers)
            _can_import(settings, layers, moved)
        if settings.get('landlock'):
            step = 'landlock'
            shared = layers['shared_ruleset']
            if isinstance(shared, OSError):
                raise shared
            layers['landlock'].confine(shared, own_ruleset)
            os.close(shared)  # the zygote's; this child is under it now
            os.close(own_ruleset)
        if settings.get('seccomp'):
            step = 'seccomp'
            layers['seccomp'].install(layers.get('seccomp_packed'))
        step = 'landlock' if settings.get('landlock') else \
            'seccomp' if settings.get('seccomp') else 'rlimits'
        _can_import(settings, layers, moved)
        _greet(writer, {'ready': True}, layers)
    except BaseException as exc:  # the parent reads this and stops grading loudly
        try:
            _greet(writer, {'error': f'{type(exc).__name__}: {exc}', 'layer': step}, layers)
        finally:
            os._exit(70)
    try:
        run_child(reader, writer, limits)
    finally:
        os._exit(0)


def give_up_root(uid: int, limits: dict[str, Any], layers: dict[str, Any]) -> dict[str, str]:
    """Become `uid` for good, in an IPC namespace of its own where the kernel allows,
    with its process limit; then import through the folders held open (`layers`:
    `held_folders` and `held`) that it can no longer reach. Returns those folders,
    old path to new."""
    _own_ipc(layers.get('libc'))
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)
    if os.getuid() != uid or os.geteuid() != uid:
        raise PermissionError(f'still uid {os.geteuid()} after taking {uid}')
    _set_limit(resource.RLIMIT_NPROC, limits.get('processes', 32))
    moved: dict[str, str] = layers['held_folders'].reopen(layers['held'])
    return moved


def _can_import(settings: dict[str, Any], layers: dict[str, Any], moved: dict[str, str]
                ) -> None:
    """Raise unless the child can still read the standard library."""
    with open(layers['held_folders'].where(settings['stdlib_file'], moved), 'rb'):
        pass


def _own_ipc(libc: ctypes.CDLL | None = None) -> None:
    """A fresh IPC namespace, where the kernel allows one (root, or inside bwrap as
    root); elsewhere seccomp keeps SysV IPC out and the zygote clears the uid's. With
    the zygote's `libc`: loading it again cost each child a sixth of a millisecond."""
    (libc or ctypes.CDLL(None, use_errno=True)).unshare(CLONE_NEWIPC)


def _greet(writer: int, message: dict[str, Any], layers: dict[str, Any]) -> None:
    """The first message on the child's own pipe, framed like every later one."""
    layers['wire'].send(lambda view: os.write(writer, view), message)


def _set_limit(which: int, value: int) -> None:
    resource.setrlimit(which, (value, value))
