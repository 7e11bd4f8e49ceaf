"""What a child the zygote forks does before it serves: it puts on its layers, one
by one, and greets the parent on its own pipe (ready, or which layer failed).

Its first layers come from the zygote (bubblewrap, and the Landlock layer every
child shares); then its own: a process group, its control groups, its private
folder, rlimits, as root a uid of its own (in an IPC namespace of its own where
the kernel allows one, its SysV objects dying with it), its own Landlock layer,
and seccomp. A layer that fails stops the child: it never runs with less than was
promised. A child started without the zygote (see `child.main`) gives up root here
too.

Standard library only, like `child.py`, which loads this file by path.
"""
from __future__ import annotations

import ctypes
import os
import resource
import signal
import socket
import sys

if sys.platform == 'win32':  # Linux's alone: the portable floor runs without it
    raise ImportError(f'{__name__} is for Linux')


TYPE_CHECKING = False  # typing is not imported in a child (see child.py)
if TYPE_CHECKING:
    from typing import Any, Callable
    RunChild = Callable[[int, int, dict[str, Any]], None]

CLONE_NEWIPC = 0x08000000
# what the zygote holds back (a child of the grader's own uid could send them, where
# no Landlock scope or seccomp stops it): blocked there, with their usual handling set
# (see `shield`), so that each child needs only let them through
SHIELDED = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGUSR1,
            signal.SIGUSR2)


def shield() -> None:
    """In the zygote: block the SHIELDED signals, then give them their usual handling
    (a grader that ignores Ctrl-C passes that on to the zygote it starts), which each
    child it forks inherits and lets through at once, in one call."""
    signal.pthread_sigmask(signal.SIG_BLOCK, SHIELDED)  # first: none lands in between
    for number in SHIELDED:
        signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)


def become(sock: socket.socket, fds: list[int], request: dict[str, Any],
           settings: dict[str, Any], run_child: RunChild,
           layers: dict[str, Any], own: int | OSError | None, handles: Any) -> None:
    """In the forked child: say who it is (the zygote is free again at once), put on
    every layer asked for, then greet the parent on its own pipe and serve calls."""
    reader, writer, *cgroup_files = fds
    os.setsid()  # first: from the moment the parent knows the pid, killpg reaches it
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SHIELDED)  # see `shield`
    sock.send(b'{"pid": %d}' % os.getpid())  # JSON, without the json module's first use
    sock.close()
    step = 'landlock'
    try:
        for fd in handles.zygotes_own():
            os.close(fd)
        if settings.get('landlock') and layers['shared_layer_failed'] is not None:
            raise layers['shared_layer_failed']  # the zygote's: every later step is under it
        step = 'process-group'
        quiet = handles.quiet  # output past sys.stdout goes nowhere
        if isinstance(quiet, OSError):
            raise quiet
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
            # narrows reads and writes to its own folder within the run folder: without
            # a uid of its own (no root), a child could otherwise read what another
            # student's code left in its folder
            layers['landlock'].enforce(own_ruleset)
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
