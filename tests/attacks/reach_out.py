"""Reaching past the child: the resource limits and priority of the process that
forked it, signals (SIGIO) routed to it through fcntl, the modes of a folder outside
its own, a device node. Only the parent process and the child's own files and
folder's parent are tried: nothing else on the machine. The answers are right
only when every attempt was refused."""
import fcntl
import os
import resource

got_through = []


def attempt(name, action):
    try:
        action()
    except (OSError, ValueError):
        return
    got_through.append(name)


parent = os.getppid()
attempt('prlimit on the parent',
        lambda: resource.prlimit(parent, resource.RLIMIT_NOFILE, (8, 8)))
attempt('setpriority on the parent', lambda: os.setpriority(os.PRIO_PROCESS, parent, 19))
for fd in range(3, 12):
    attempt('F_SETOWN to the parent', lambda: fcntl.fcntl(fd, fcntl.F_SETOWN, parent))
    attempt('F_SETSIG', lambda: fcntl.fcntl(fd, 10, 9))  # SIGKILL in place of SIGIO
attempt('chmod outside its folder', lambda: os.chmod('..', 0o1777))
open('mine.txt', 'w').close()
attempt('a setuid bit', lambda: os.chmod('mine.txt', 0o4755))
attempt('chown', lambda: os.chown('mine.txt', 0, 0))
attempt('mknod', lambda: os.mknod('fifo', 0o600 | 0o10000))
attempt('a link', lambda: os.symlink('/', 'root'))
if 0 in (os.getuid(), os.geteuid()):
    got_through.append('running as root')


def mirror(board):
    if got_through:
        return 'got through: ' + ', '.join(sorted(set(got_through)))
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
