"""The zygote: a small process that forks one child per exercise file on request.

It runs `child.py`'s own code in a fresh `python -I -S` (inside bubblewrap when
that layer is on), so it never held the reference, the solutions or the checks:
a fork of it holds nothing the student may not see. It never runs student code
itself, and once it has started it is under the Landlock layer every child shares.
Each forked child first tells the parent who it is over the zygote's socket (the
kernel attaches its process id as the parent sees it, even from a pid namespace),
then puts on its own layers and greets the parent on its own pipe (see
`child_layers`). As a subreaper, the zygote inherits whatever a child left
running, and kills it. Where no seccomp filter refuses SysV IPC, it also removes
whatever IPC objects a child's own uid made once the child has ended.

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
import select
import signal
import socket
import sys

if sys.platform == 'win32':  # Linux's alone: the portable floor runs without it
    raise ImportError(f'{__name__} is for Linux')


TYPE_CHECKING = False  # typing is not imported in a child (see child.py)
if TYPE_CHECKING:
    from typing import Any, Callable
    RunChild = Callable[[int, int, dict[str, Any]], None]

PR_SET_CHILD_SUBREAPER = 36
IPC_RMID = 0
IPC_KINDS = ('shm', 'sem', 'msg')
MAX_REQUEST = 1 << 16
HELD_MOST = 8  # batches held at once; a run asks for one or two
HELD_CHARACTERS = 1 << 22  # in one batch: honest ones are far smaller


def serve(sock_fd: int, settings: dict[str, Any], run_child: RunChild,
          layers: dict[str, Any]) -> None:
    """Answer the parent until its end of the socket closes."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)  # orphans come here to be reaped
    libc.unshare  # looked up once here, for every child (see `child_layers.give_up_root`)
    layers['libc'] = libc
    sock = socket.socket(fileno=sock_fd)
    # the child's own uid, by pid, where its IPC objects may need clearing: not under
    # seccomp, which refuses every SysV IPC call, and which each child puts on before
    # any student code runs (one that cannot never serves)
    uids: dict[int, int] = {}
    clear_ipc = not settings.get('seccomp')
    handles = Handles(clear_ipc)  # before the zygote's own layer: it could not after
    if settings.get('landlock'):  # None once on; else why not, for each child to say
        layers['shared_layer_failed'] = _confine_self(settings, layers['landlock'])
    ended: dict[int, int] = {}
    spawned: set[int] = set()
    while True:
        spawned -= _reap(ended, uids, libc, handles)
        _kill_orphans(spawned, handles)
        if not select.select([sock], [], [], 0.2)[0]:
            continue
        data, fds, _, _ = socket.recv_fds(sock, MAX_REQUEST, 16)
        if not data:  # the grader is gone, perhaps killed: nothing may outlive it
            _kill_all(spawned, handles)
            return
        request = json.loads(data)
        if request['op'] == 'spawn':
            own = _own_ruleset(request, settings, layers)
            try:
                pid = os.fork()
                if pid == 0:
                    layers['child_layers'].become(sock, fds, request, settings, run_child,
                                                  layers, own, handles)
            finally:  # the child's from here on: no later child may inherit it
                if isinstance(own, int):
                    os.close(own)
            spawned.add(pid)
            if clear_ipc and request.get('own_uid') and type(request.get('uid')) is int:
                uids[pid] = request['uid']
            for fd in fds:
                os.close(fd)
        elif request['op'] == 'status':
            spawned -= _reap(ended, uids, libc, handles)
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


class Handles:
    """What the zygote reads, or hands each child, once it is under its own Landlock
    layer, which lets it open nothing outside the system and the run folder: opened
    before. Its list of children, the SysV IPC tables (where it clears them), and
    /dev/null for each child's standard streams (or why it would not open). A child
    closes the zygote's own first: none of them is the student's."""

    def __init__(self, clear_ipc: bool) -> None:
        self.children = _opened(f'/proc/self/task/{os.getpid()}/children')
        self.ipc = {kind: _opened(f'/proc/sysvipc/{kind}') for kind in IPC_KINDS} \
            if clear_ipc else {}
        self.quiet: int | OSError
        try:
            self.quiet = os.open(os.devnull, os.O_RDWR)
        except OSError as exc:  # each child will say so, naming the layer
            self.quiet = exc

    def zygotes_own(self) -> list[int]:
        return [fd for fd in (self.children, *self.ipc.values()) if fd is not None]


def _opened(path: str) -> int | None:
    try:
        return os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None


def _read_again(fd: int | None) -> str | None:
    """The whole of a /proc file held open, read afresh from its start (the kernel
    writes it anew for each read from the start); None when it cannot be read."""
    if fd is None:
        return None
    chunks: list[bytes] = []
    read = 0
    try:
        while chunk := os.pread(fd, 1 << 16, read):
            chunks.append(chunk)
            read += len(chunk)
    except OSError:
        return None
    return b''.join(chunks).decode('ascii', 'replace')


def _confine_self(settings: dict[str, Any], landlock: Any) -> OSError | None:
    """Put the zygote under the Landlock layer every child shares (reads of the system,
    everything in the run folder): each child then adds only its own, nested in it.
    Two layers of a child's own cost the kernel about twice as much to put on, and
    to free. The error, for each child to report, where it cannot, or where the
    layer keeps out the standard library (no child could import under it)."""
    try:
        ruleset = landlock.build(settings['read_paths'], [settings['run_folder']])
    except OSError as exc:
        return exc
    try:
        landlock.enforce(ruleset)
        with open(settings['stdlib_file'], 'rb'):
            pass
    except OSError as exc:
        return exc
    finally:
        os.close(ruleset)
    return None


def _reap(ended: dict[int, int], uids: dict[int, int], libc: ctypes.CDLL,
          handles: Handles) -> set[int]:
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
            _remove_ipc(uids.pop(pid), libc, handles.ipc)
        if len(ended) > 10_000:  # statuses nobody asked for: forget the oldest
            del ended[next(iter(ended))]


def _kill_all(spawned: set[int], handles: Handles) -> None:
    for pid in spawned:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
    _kill_orphans(set(), handles)


def _kill_orphans(spawned: set[int], handles: Handles) -> None:
    """Kill every child of ours that we did not spawn: as a subreaper we inherit the
    processes a student's child left behind (a daemon that forked twice, say)."""
    listed = _read_again(handles.children)
    if listed is None:
        return
    for pid in map(int, listed.split()):
        if pid not in spawned:
            for kill in (os.killpg, os.kill):
                try:
                    kill(pid, signal.SIGKILL)
                except OSError:
                    pass


def _remove_ipc(uid: int, libc: ctypes.CDLL, tables: dict[str, int | None] | None = None
                ) -> None:
    """Remove every SysV IPC object (shared memory, semaphores, message queues) that
    `uid` owns or made, in this process's IPC namespace: they outlive their maker.
    `tables`: the zygote's /proc/sysvipc files, held open (see `Handles`)."""
    remove = {'shm': lambda ident: libc.shmctl(ident, IPC_RMID, None),
              'sem': lambda ident: libc.semctl(ident, 0, IPC_RMID),
              'msg': lambda ident: libc.msgctl(ident, IPC_RMID, None)}
    for kind in IPC_KINDS:
        for ident in _ipc_objects(kind, uid, tables):
            remove[kind](ident)


def _ipc_objects(kind: str, uid: int, tables: dict[str, int | None] | None = None
                 ) -> list[int]:
    """The ids of the IPC objects of `kind` (shm, sem or msg) in this namespace that
    `uid` owns or made; read from `tables` where they are held open (none, where the
    table would not open: under the zygote's layer, its path would not either)."""
    try:
        if tables is None:
            with open(f'/proc/sysvipc/{kind}', encoding='ascii') as table:
                text = table.read()
        else:
            text = _read_again(tables.get(kind)) or ''
        header, *rows = [line.split() for line in text.splitlines()]
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
    """The child's own Landlock ruleset (see `child_layers.become`), built here before the
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
