"""A seccomp filter, built with plain ctypes: no sockets, no new processes, no exec,
no signals to anyone but the child itself, no tracing, no namespaces or mounts.

Threads stay allowed (a `clone` with CLONE_THREAD), so a student's
`threading.Thread` still works; `clone3` says ENOSYS so the C library falls back
to `clone`, whose flags a filter can see. Standard library only, like `landlock`.
"""
from __future__ import annotations

import ctypes
import errno
import os
import platform
import struct

PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
AUDIT_ARCH_X86_64 = 0xC000003E
ALLOW, KILL = 0x7FFF0000, 0x80000000
LD_ABS, JEQ, JGE, JSET, RET = 0x20, 0x15, 0x35, 0x45, 0x06
NR, ARCH, ARG0_LOW = 0, 4, 16
CLONE_THREAD = 0x00010000
X32_BIT = 0x40000000

# x86_64 numbers: the only architecture this filter knows (others: layer not offered)
DENIED = {
    'socket': 41, 'socketpair': 53, 'fork': 57, 'vfork': 58, 'execve': 59,
    'execveat': 322, 'ptrace': 101, 'process_vm_readv': 310, 'process_vm_writev': 311,
    'tkill': 200, 'rt_sigqueueinfo': 129, 'rt_tgsigqueueinfo': 297,
    'pidfd_send_signal': 424, 'pidfd_open': 434, 'pidfd_getfd': 438,
    'setsid': 112, 'setpgid': 109, 'unshare': 272, 'setns': 308, 'mount': 165,
    'umount2': 166, 'pivot_root': 155, 'chroot': 161, 'bpf': 321, 'userfaultfd': 323,
    'perf_event_open': 298, 'io_uring_setup': 425, 'keyctl': 250, 'add_key': 248,
    'request_key': 249, 'kcmp': 312, 'personality': 135, 'open_by_handle_at': 304,
    'fanotify_init': 300, 'init_module': 175, 'finit_module': 313, 'reboot': 169,
}
CLONE, CLONE3, KILL_NR, TGKILL = 56, 435, 62, 234

_libc = ctypes.CDLL(None, use_errno=True)


class _Filter(ctypes.Structure):
    _fields_ = [('len', ctypes.c_ushort), ('filter', ctypes.c_void_p)]


def available() -> bool:
    """Whether this filter can run here: the architecture it was written for, and a
    kernel that has seccomp filters."""
    if platform.machine() != 'x86_64':
        return False
    try:
        with open('/proc/sys/kernel/seccomp/actions_avail', encoding='ascii') as actions:
            return 'errno' in actions.read().split()
    except OSError:
        return False


def program(own_pid: int) -> list[tuple[int, int, int, int]]:
    """The filter as (code, jump-if-true, jump-if-false, k) instructions."""
    refused = 0x00050000 | errno.EPERM
    lines = [(LD_ABS, 0, 0, ARCH), (JEQ, 1, 0, AUDIT_ARCH_X86_64), (RET, 0, 0, KILL),
             (LD_ABS, 0, 0, NR), (JGE, 0, 1, X32_BIT), (RET, 0, 0, refused)]
    for number in DENIED.values():
        lines += [(JEQ, 0, 1, number), (RET, 0, 0, refused)]
    lines += [(JEQ, 0, 1, CLONE3), (RET, 0, 0, 0x00050000 | errno.ENOSYS)]
    # clone: a thread may start, a process may not
    lines += [(JEQ, 0, 4, CLONE), (LD_ABS, 0, 0, ARG0_LOW), (JSET, 0, 1, CLONE_THREAD),
              (RET, 0, 0, ALLOW), (RET, 0, 0, refused)]
    # kill and tgkill: only the child itself (0 means its own process group: itself)
    for number in (KILL_NR, TGKILL):
        lines += [(JEQ, 0, 5, number), (LD_ABS, 0, 0, ARG0_LOW), (JEQ, 2, 0, own_pid),
                  (JEQ, 1, 0, 0), (RET, 0, 0, refused), (RET, 0, 0, ALLOW)]
    lines.append((RET, 0, 0, ALLOW))
    return lines


def install() -> None:
    """Install the filter on this process for good. OSError when it cannot."""
    if platform.machine() != 'x86_64':
        raise OSError(f'the seccomp filter knows x86_64 only, not {platform.machine()}')
    lines = program(os.getpid())
    code = b''.join(struct.pack('=HBBI', *line) for line in lines)
    buffer = ctypes.create_string_buffer(code, len(code))
    fprog = _Filter(len(lines), ctypes.cast(buffer, ctypes.c_void_p))
    if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), 'no_new_privs could not be set')
    if _libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), 'the seccomp filter was refused')
