"""A seccomp filter by allow list, built with plain ctypes: a child may make only
the system calls the interpreter, its standard library and the wire to the parent
need (`ALLOWED`, each with the reason it is there). Some of those are allowed only
with harmless arguments (`BY_ARGUMENT`): a thread but not a process, signals and
resource limits for the child itself only, `fcntl` and `ioctl` commands that
touch nothing but the file. `DENIED` names the calls an attack would reach for and
says why; they fail with EPERM. Any other call fails with ENOSYS, as on a kernel
that lacks it, so that the C library falls back to an older call where it has one
(`clone3` to `clone`, whose flags a filter can see). Standard library only, like
`landlock`: the child loads this file by path.
"""
from __future__ import annotations

import ctypes
import errno
import os
import struct
import sys

if sys.platform == 'win32':  # Linux's alone: the portable floor runs without it
    raise ImportError(f'{__name__} is for Linux')


PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
AUDIT_ARCH_X86_64 = 0xC000003E
ALLOW, KILL, ERRNO = 0x7FFF0000, 0x80000000, 0x00050000
LD_ABS, JA, JEQ, JGE, JSET, RET = 0x20, 0x05, 0x15, 0x35, 0x45, 0x06
NR, ARCH, ARG0_LOW, ARG1_LOW = 0, 4, 16, 24
CLONE_THREAD, X32_BIT = 0x00010000, 0x40000000
REFUSED = ERRNO | errno.EPERM
UNKNOWN = ERRNO | errno.ENOSYS

# x86_64 numbers: the only architecture this filter knows (others: layer not offered).
ALLOWED: dict[str, tuple[int, str]] = {
    'read': (0, 'the wire from the parent; reading files Landlock allows'),
    'write': (1, 'the wire to the parent; writing files in its own folder'),
    'clock_gettime': (228, 'the per-call clock (CPU time is not in the vDSO)'),
    'rt_sigreturn': (15, 'the end of every tick of the per-call clock'),
    'newfstatat': (262, 'imports look for files'),
    'openat': (257, 'imports open modules; files in its own folder (Landlock decides)'),
    'close': (3, 'closing files'),
    'lseek': (8, 'reading source files'),
    'mmap': (9, 'memory, and loading extension modules'),
    'munmap': (11, 'memory'),
    'brk': (12, 'memory'),
    'mprotect': (10, 'loading extension modules, thread stacks'),
    'mremap': (25, 'growing large lists and strings'),
    'madvise': (28, 'the allocator giving memory back; threads ending'),
    'futex': (202, 'locks between threads'),
    'getdents64': (217, 'listing a folder (imports, os.listdir)'),
    'fstat': (5, 'io.open looks at what it opened'),
    'stat': (4, 'os.stat, older C code'),
    'lstat': (6, 'os.lstat, older C code'),
    'statx': (332, 'os.stat in newer C libraries'),
    'open': (2, 'older C code opening files'),
    'access': (21, 'os.access, os.path checks'),
    'faccessat': (269, 'os.access'),
    'faccessat2': (439, 'os.access in newer C libraries'),
    'readlink': (89, 'os.readlink, path resolution in the standard library'),
    'readlinkat': (267, 'os.readlink'),
    'getcwd': (79, 'os.getcwd, relative imports'),
    'chdir': (80, 'os.chdir within what Landlock allows'),
    'fchdir': (81, 'os.chdir on a folder fd'),
    'mkdir': (83, 'folders in its own folder (Landlock decides where)'),
    'mkdirat': (258, 'os.mkdir'),
    'rmdir': (84, 'tempfile clean-up in its own folder'),
    'unlink': (87, 'removing its own files'),
    'unlinkat': (263, 'removing its own files'),
    'rename': (82, 'renaming its own files'),
    'renameat': (264, 'renaming its own files'),
    'renameat2': (316, 'renaming its own files'),
    'ftruncate': (77, 'rewriting its own files'),
    'truncate': (76, 'rewriting its own files (Landlock decides which)'),
    'fsync': (74, 'flushing its own files'),
    'fdatasync': (75, 'flushing its own files'),
    'flock': (73, 'locks on its own open files'),
    'pread64': (17, 'reading files at an offset'),
    'pwrite64': (18, 'writing files at an offset'),
    'readv': (19, 'buffered reads'),
    'writev': (20, 'buffered writes'),
    'statfs': (137, 'os.statvfs'),
    'fstatfs': (138, 'os.fstatvfs'),
    'dup': (32, 'os.dup'),
    'dup2': (33, 'os.dup2'),
    'dup3': (292, 'os.dup2 in newer C libraries'),
    'pipe': (22, 'os.pipe, within the process'),
    'pipe2': (293, 'os.pipe, within the process'),
    'close_range': (436, 'os.closerange'),
    'umask': (95, 'os.umask: only its own new files'),
    'rt_sigaction': (13, 'the per-call clock, signal.signal'),
    'rt_sigprocmask': (14, 'threads, signal masks'),
    'rt_sigpending': (127, 'signal.sigpending'),
    'rt_sigtimedwait': (128, 'signal.sigtimedwait'),
    'rt_sigsuspend': (130, 'signal.pause'),
    'sigaltstack': (131, 'threads, fault handling'),
    'setitimer': (38, 'the per-call clock'),
    'getitimer': (36, 'signal.getitimer'),
    'alarm': (37, 'signal.alarm'),
    'pause': (34, 'signal.pause'),
    'nanosleep': (35, 'time.sleep'),
    'clock_nanosleep': (230, 'time.sleep'),
    'clock_getres': (229, 'time.get_clock_info'),
    'gettimeofday': (96, 'time.time in older C code'),
    'time': (201, 'time.time in older C code'),
    'times': (100, 'os.times'),
    'getrusage': (98, 'resource.getrusage'),
    'select': (23, 'select.select, waiting within the process'),
    'pselect6': (270, 'select.select'),
    'poll': (7, 'select.poll'),
    'ppoll': (271, 'select.poll'),
    'sched_yield': (24, 'threads giving way'),
    'sched_getaffinity': (204, 'os.cpu_count, os.sched_getaffinity'),
    'set_robust_list': (273, 'a new thread'),
    'rseq': (334, 'a new thread'),
    'set_tid_address': (218, 'a new thread'),
    'gettid': (186, 'threading.get_native_id'),
    'exit': (60, 'a thread ending'),
    'exit_group': (231, 'the child ending'),
    'restart_syscall': (219, 'a sleep interrupted by the clock'),
    'getrandom': (318, 'random seeds, os.urandom'),
    'uname': (63, 'platform, os.uname'),
    'sysinfo': (99, 'os.sysconf'),
    'getpid': (39, 'os.getpid'),
    'getppid': (110, 'os.getppid'),
    'getuid': (102, 'os.getuid'),
    'geteuid': (107, 'os.geteuid'),
    'getgid': (104, 'os.getgid'),
    'getegid': (108, 'os.getegid'),
    'getgroups': (115, 'os.getgroups'),
    'getresuid': (118, 'os.getresuid'),
    'getresgid': (120, 'os.getresgid'),
    'getpgrp': (111, 'os.getpgrp'),
    'getpgid': (121, 'os.getpgid'),
    'getsid': (124, 'os.getsid'),
    'getpriority': (140, 'os.getpriority (reading only)'),
    'getrlimit': (97, 'resource.getrlimit'),
    'setrlimit': (160, 'resource.setrlimit: its own limits, which it can only lower'),
}

# allowed with these arguments only (the rest is refused): (argument offset, values);
# a value of None means the child's own pid
BY_ARGUMENT: dict[str, tuple[int, int, tuple[int | None, ...], str]] = {
    'kill': (62, ARG0_LOW, (None, 0), 'signals to itself only (0: its own group, itself)'),
    'tgkill': (234, ARG0_LOW, (None,), 'signals to its own threads only'),
    'prlimit64': (302, ARG0_LOW, (None, 0), 'its own limits only, never another process\'s'),
    # duplicate, close-on-exec, status flags, locks, pipe size; not F_SETOWN (8),
    # F_SETSIG (10), F_SETOWN_EX (15), F_SETLEASE (1024) or F_NOTIFY (1026), which
    # make the kernel signal another process
    'fcntl': (72, ARG1_LOW, (0, 1, 2, 3, 4, 5, 6, 7, 36, 37, 38, 1030, 1032),
              'flags and locks on its own open files, no signals to others'),
    # is it a terminal, its size, bytes waiting, blocking, close-on-exec; no file
    # attribute ioctls (FS_IOC_SETFLAGS and the like)
    'ioctl': (16, ARG1_LOW, (0x5401, 0x5413, 0x541B, 0x5421, 0x5450, 0x5451),
              'io.open asks whether a file is a terminal; nothing that changes a file'),
}
CLONE, CLONE3 = 56, 435  # clone: threads only (its flags are in a register)

DENIED: dict[str, tuple[int, str]] = {
    'socket': (41, 'no network, no sockets to the grader'),
    'socketpair': (53, 'no sockets'),
    'fork': (57, 'no new processes'),
    'vfork': (58, 'no new processes'),
    'execve': (59, 'no other programs'),
    'execveat': (322, 'no other programs'),
    'ptrace': (101, 'no looking into other processes'),
    'process_vm_readv': (310, 'no reading other processes'),
    'process_vm_writev': (311, 'no writing other processes'),
    'tkill': (200, 'signals go through kill and tgkill, checked'),
    'rt_sigqueueinfo': (129, 'no signals to others'),
    'rt_tgsigqueueinfo': (297, 'no signals to others'),
    'pidfd_send_signal': (424, 'no signals to others'),
    'pidfd_open': (434, 'no handles on other processes'),
    'pidfd_getfd': (438, 'no taking other processes\' files'),
    'setsid': (112, 'it stays in the session the grader kills'),
    'setpgid': (109, 'it stays in the group the grader kills'),
    'unshare': (272, 'no namespaces'),
    'setns': (308, 'no namespaces'),
    'mount': (165, 'no mounts'),
    'umount2': (166, 'no mounts'),
    'pivot_root': (155, 'no mounts'),
    'chroot': (161, 'no mounts'),
    'bpf': (321, 'no kernel programs'),
    'userfaultfd': (323, 'no page-fault tricks against the kernel'),
    'perf_event_open': (298, 'no watching the machine'),
    'io_uring_setup': (425, 'no calls that bypass this filter'),
    'keyctl': (250, 'no kernel keyrings (shared by a uid)'),
    'add_key': (248, 'no kernel keyrings'),
    'request_key': (249, 'no kernel keyrings'),
    'kcmp': (312, 'no comparing other processes'),
    'personality': (135, 'no changing how calls are read'),
    'open_by_handle_at': (304, 'no opening files around Landlock'),
    'name_to_handle_at': (303, 'no file handles'),
    'fanotify_init': (300, 'no watching other files'),
    'inotify_init1': (294, 'no watching other files'),
    'init_module': (175, 'no kernel modules'),
    'finit_module': (313, 'no kernel modules'),
    'reboot': (169, 'no restarting the machine'),
    # SysV IPC and POSIX message queues: kernel objects that outlive the child, charged
    # to its memory group and visible to other children
    'shmget': (29, 'shared memory outlives the child and poisons the next'),
    'shmat': (30, 'shared memory'),
    'shmctl': (31, 'shared memory'),
    'shmdt': (67, 'shared memory'),
    'semget': (64, 'semaphores outlive the child'),
    'semop': (65, 'semaphores'),
    'semctl': (66, 'semaphores'),
    'semtimedop': (220, 'semaphores'),
    'msgget': (68, 'message queues outlive the child'),
    'msgsnd': (69, 'message queues'),
    'msgrcv': (70, 'message queues'),
    'msgctl': (71, 'message queues'),
    'mq_open': (240, 'POSIX message queues outlive the child'),
    'mq_unlink': (241, 'POSIX message queues'),
    'memfd_create': (319, 'memory outside the allocator\'s limits'),
    # other processes' scheduling and limits
    'setpriority': (141, 'no slowing down other processes (the grader\'s group)'),
    'sched_setaffinity': (203, 'no moving other processes'),
    'sched_setscheduler': (144, 'no changing other processes\' scheduling'),
    'sched_setparam': (142, 'no changing other processes\' scheduling'),
    'ioprio_set': (251, 'no changing other processes\' disk priority'),
    'migrate_pages': (256, 'no moving other processes\' memory'),
    'move_pages': (279, 'no moving other processes\' memory'),
    # metadata: Landlock does not cover it, and a filter cannot tell one path from another
    'chmod': (90, 'no setuid bits or modes, anywhere'),
    'fchmod': (91, 'no modes'),
    'fchmodat': (268, 'no modes'),
    'fchmodat2': (452, 'no modes'),
    'chown': (92, 'no owners'),
    'fchown': (93, 'no owners'),
    'lchown': (94, 'no owners'),
    'fchownat': (260, 'no owners'),
    'utime': (132, 'no file times'),
    'utimes': (235, 'no file times'),
    'futimesat': (261, 'no file times'),
    'utimensat': (280, 'no file times'),
    'setxattr': (188, 'no file attributes'),
    'lsetxattr': (189, 'no file attributes'),
    'fsetxattr': (190, 'no file attributes'),
    'removexattr': (197, 'no file attributes'),
    'lremovexattr': (198, 'no file attributes'),
    'fremovexattr': (199, 'no file attributes'),
    'mknod': (133, 'no devices or fifos'),
    'mknodat': (259, 'no devices or fifos'),
    'link': (86, 'no links (the grader removes its folder without following any)'),
    'linkat': (265, 'no links'),
    'symlink': (88, 'no links'),
    'symlinkat': (266, 'no links'),
    'setuid': (105, 'no changing who it is'),
    'setgid': (106, 'no changing who it is'),
    'setreuid': (113, 'no changing who it is'),
    'setresuid': (117, 'no changing who it is'),
    'capset': (126, 'no capabilities'),
    'prctl': (157, 'no changing its own protections'),
    'seccomp': (317, 'no other filters'),
    'landlock_create_ruleset': (444, 'no changing its own protections'),
}

_libc = ctypes.CDLL(None, use_errno=True)


class _Filter(ctypes.Structure):
    _fields_ = [('len', ctypes.c_ushort), ('filter', ctypes.c_void_p)]


def machine() -> str:
    """The architecture, as the kernel names it (importing `platform` cost 3 ms)."""
    return os.uname().machine


def available() -> bool:
    """Whether this filter can run here: its architecture, and a kernel with filters."""
    try:
        with open('/proc/sys/kernel/seccomp/actions_avail', encoding='ascii') as actions:
            return machine() == 'x86_64' and 'errno' in actions.read().split()
    except OSError:
        return False


Line = tuple[int, int, int, int]  # code, jump if true, jump if false, value


def program(own_pid: int) -> list[Line]:
    """The filter: the architecture checked, then a search tree over the numbers the tables
    name, to each one's verdict (`leaves`); any other number gets ENOSYS. A tree because
    the kernel, installing a filter, runs it for every call number to learn which calls it
    may allow without running it again: down a list of 450 instructions that cost a child
    a millisecond, down the tree half as much (tests/bench/bench_seccomp.py measures it)."""
    found = leaves(own_pid)
    return [*HEAD, *_tree(sorted(found), found)]


# the architecture, then the number, which stays in the accumulator down the tree
HEAD: list[Line] = [(LD_ABS, 0, 0, ARCH), (JEQ, 1, 0, AUDIT_ARCH_X86_64), (RET, 0, 0, KILL),
                    (LD_ABS, 0, 0, NR), (JGE, 0, 1, X32_BIT), (RET, 0, 0, REFUSED)]


def leaves(own_pid: int) -> dict[int, list[Line]]:
    """Each number the tables name, with the instructions that return its verdict."""
    named = [number for number, _ in ALLOWED.values()] + [CLONE] + \
        [entry[0] for entry in BY_ARGUMENT.values()] + [number for number, _ in DENIED.values()]
    if len(set(named)) != len(named):  # which table wins would be an accident of order
        raise ValueError('a system call is named twice in the tables')
    found = {number: [(RET, 0, 0, ALLOW)] for number, _ in ALLOWED.values()}
    # clone: a thread may start, a process may not
    found[CLONE] = [(LD_ABS, 0, 0, ARG0_LOW), (JSET, 0, 1, CLONE_THREAD),
                    (RET, 0, 0, ALLOW), (RET, 0, 0, REFUSED)]
    for number, offset, values, _ in BY_ARGUMENT.values():
        wanted = [own_pid if value is None else value for value in values]
        # the argument replaces the number in the accumulator: each leaf ends the filter
        found[number] = [(LD_ABS, 0, 0, offset),
                         *[(JEQ, len(wanted) - i, 0, value) for i, value in enumerate(wanted)],
                         (RET, 0, 0, REFUSED), (RET, 0, 0, ALLOW)]
    found.update({number: [(RET, 0, 0, REFUSED)] for number, _ in DENIED.values()})
    return found


LINEAR = 8  # numbers tried one by one at the bottom of the tree
REACH = FAR = 255  # the longest conditional jump; a half longer is jumped to with JA


def _tree(numbers: list[int], leaves: dict[int, list[Line]]) -> list[Line]:
    """Instructions that send the number in the accumulator to its leaf, splitting on
    the middle number; every path ends in a return. A long jump (JA) reaches an upper
    half that a conditional jump cannot."""
    if len(numbers) <= LINEAR:
        return _tried_in_turn(numbers, leaves)
    middle = len(numbers) // 2
    lower, upper = _tree(numbers[:middle], leaves), _tree(numbers[middle:], leaves)
    if len(lower) <= FAR:
        return [(JGE, len(lower), 0, numbers[middle]), *lower, *upper]
    return [(JGE, 0, 1, numbers[middle]), (JA, 0, 0, len(lower)), *lower, *upper]


def _tried_in_turn(numbers: list[int], leaves: dict[int, list[Line]]) -> list[Line]:
    """A few numbers compared one by one, then ENOSYS. A plain return is written once
    and shared; a leaf that checks an argument may name the pid, so it is never shared:
    two children's programs must differ in their pid alone (see `Packed`)."""
    bodies: list[Line] = []
    at: dict[int, int] = {}  # where each number's leaf starts, among the bodies
    returns: dict[Line, int] = {}  # where each plain return written so far is
    for number in numbers:
        leaf = leaves[number]
        at[number] = returns.setdefault(leaf[0], len(bodies)) if len(leaf) == 1 \
            else len(bodies)
        if at[number] == len(bodies):  # not written yet
            bodies += leaf
    lines = []
    for i, number in enumerate(numbers):  # past the rest of the comparisons and ENOSYS
        jump = len(numbers) - i + at[number]
        if jump > REACH:
            raise ValueError(f'{len(numbers)} numbers are too many to try in turn')
        lines.append((JEQ, jump, 0, number))
    return lines + [(RET, 0, 0, UNKNOWN)] + bodies


class Packed:
    """The filter packed once (in the zygote, before it forks any child), with the
    places of the values that are the child's own pid: a child writes its pid there
    and installs it, building nothing (built in each child, it cost hundreds of calls
    and copies of the zygote's memory; even its buffer, made in each child, 0.4 ms)."""

    INSTRUCTION = struct.Struct('=HBBI')  # code, jump if true, jump if false, value

    def __init__(self) -> None:
        # the pid is all that differs between two children's programs, so the places
        # are where a program for one pid differs from a program for another
        one, two = program(1), program(2)
        self.places = [at for at, (a, b) in enumerate(zip(one, two)) if a != b]
        slots = sum(values.count(None) for _, _, values, _ in BY_ARGUMENT.values())
        if len(one) != len(two) or len(self.places) != slots:
            raise ValueError('the programs of two children differ in more than their pid')
        self.code = b''.join(self.INSTRUCTION.pack(*line) for line in one)
        # what the kernel is handed (a child's own copy after the fork)
        self._buffer = ctypes.create_string_buffer(self.code, len(self.code))
        self._program = _Filter(len(self.code) // self.INSTRUCTION.size,
                                ctypes.cast(self._buffer, ctypes.c_void_p))

    def for_pid(self, pid: int) -> bytes:
        """The program for the process `pid`, packed: `program(pid)` exactly."""
        code = bytearray(self.code)
        self._write_pid(code, pid)
        return bytes(code)

    def program_for(self, pid: int) -> _Filter:
        """The program for the process `pid`, ready to install: `for_pid(pid)` in this
        object's buffer. Only in a child after the fork: the next call overwrites it."""
        self._write_pid(self._buffer, pid)
        return self._program

    def _write_pid(self, code: bytearray | ctypes.Array[ctypes.c_char], pid: int) -> None:
        for at in self.places:
            struct.pack_into('=I', code, at * self.INSTRUCTION.size + 4, pid)


def install(packed: Packed | None = None) -> None:
    """Install the filter on this process for good (`packed` by the zygote); or OSError."""
    if machine() != 'x86_64':
        raise OSError(f'the seccomp filter knows x86_64 only, not {machine()}')
    fprog = (packed or Packed()).program_for(os.getpid())
    if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), 'no_new_privs could not be set')
    if _libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), 'the seccomp filter was refused')
