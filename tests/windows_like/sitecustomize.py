"""A Linux Python made to look like Windows' to the grader: no fork, resource, fcntl,
termios, pwd, grp, no POSIX signals or user ids, no Unix sockets, and a select that,
like Windows', waits on sockets only."""
import importlib.abc
import os
import select
import signal
import socket
import sys

GONE_MODULES = {'fcntl', 'resource', 'termios', 'pwd', 'grp', '_posixsubprocess_x'}


for name in GONE_MODULES:  # imported, they raise ModuleNotFoundError; looked for, None
    sys.modules[name] = None
for attribute in ('fork', 'forkpty', 'setsid', 'killpg', 'getuid', 'geteuid', 'getgid',
                  'setuid', 'setgid', 'setgroups', 'chown', 'memfd_create', 'sched_getaffinity',
                  ):
    if hasattr(os, attribute):
        delattr(os, attribute)
for attribute in ('SIGALRM', 'setitimer',
                  'ITIMER_REAL', 'ITIMER_PROF'):
    if hasattr(signal, attribute):
        delattr(signal, attribute)
for attribute in ('AF_UNIX', 'SO_PASSCRED', 'SCM_CREDENTIALS', 'SOCK_SEQPACKET', 'send_fds'):
    if hasattr(socket, attribute):
        delattr(socket, attribute)
_select = select.select


def _sockets_only(r, w, x, *timeout):
    for fd in list(r) + list(w) + list(x):
        number = fd if isinstance(fd, int) else fd.fileno()
        try:
            socket.socket(fileno=os.dup(number)).detach()
        except OSError:
            raise OSError(10038, 'An operation was attempted on something that is not a socket')
    return _select(r, w, x, *timeout)


select.select = _sockets_only
if hasattr(select, 'poll'):
    del select.poll
