"""Landlock, through plain ctypes: the child may read the Python it runs on and the
system libraries, write only in its private folder, make no TCP connection, and
signal no process outside its own domain.

Standard library only: the child loads this file by path (it never imports the
grader's package), and the parent imports it to ask the kernel which ABI it has.
"""
from __future__ import annotations

import ctypes
import os
import struct
import sys

if sys.platform == 'win32':  # Linux's alone: the portable floor runs without it
    raise ImportError(f'{__name__} is for Linux')


CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446  # the same number on every arch
VERSION_FLAG = 1
RULE_PATH_BENEATH = 1
PR_SET_NO_NEW_PRIVS = 38

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
FILE_ONLY = EXECUTE | WRITE_FILE | READ_FILE | (1 << 14) | (1 << 15)  # + truncate, ioctl
READ = EXECUTE | READ_FILE | READ_DIR
# every access right a given ABI knows; rights it does not know must not be asked for
FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1,
             5: (1 << 16) - 1}
NET_TCP = (1 << 0) | (1 << 1)  # bind and connect, from ABI 4
SCOPE_ALL = (1 << 0) | (1 << 1)  # abstract unix sockets and signals, from ABI 6

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


def abi() -> int:
    """The kernel's Landlock ABI version, 0 when Landlock is missing or disabled."""
    version = _libc.syscall(ctypes.c_long(CREATE_RULESET), None, ctypes.c_size_t(0),
                            ctypes.c_uint32(VERSION_FLAG))
    return max(int(version), 0)


def build(read_paths: list[str], full_paths: list[str]) -> int:
    """A ruleset (an fd) that allows reading `read_paths` and everything beneath
    `full_paths`, and no TCP or signals out."""
    version = abi()
    if version < 1:
        raise OSError('Landlock is not available in this kernel')
    fs = FS_BY_ABI.get(version, FS_BY_ABI[5])
    net = NET_TCP if version >= 4 else 0
    scoped = SCOPE_ALL if version >= 6 else 0
    size = 8 if version < 4 else 16 if version < 6 else 24
    attr = struct.pack('=QQQ', fs, net, scoped)
    buffer = ctypes.create_string_buffer(attr[:size], size)
    ruleset = _libc.syscall(ctypes.c_long(CREATE_RULESET), buffer, ctypes.c_size_t(size),
                            ctypes.c_uint32(0))
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), 'landlock_create_ruleset failed')
    try:
        for path in read_paths:
            _allow(ruleset, path, READ & fs)
        for path in full_paths:
            _allow(ruleset, path, fs)
    except OSError:
        os.close(ruleset)
        raise
    return int(ruleset)


def enforce(ruleset: int) -> None:
    """Put this process (and all it starts) under `ruleset`, for good."""
    if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), 'no_new_privs could not be set')
    if _libc.syscall(ctypes.c_long(RESTRICT_SELF), ctypes.c_int(ruleset),
                     ctypes.c_uint32(0)) != 0:
        raise OSError(ctypes.get_errno(), 'landlock_restrict_self failed')


def _allow(ruleset: int, path: str, access: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # a path this machine does not have needs no rule
    try:
        if not os.path.isdir(path):
            access &= FILE_ONLY
        rule = ctypes.create_string_buffer(struct.pack('=Qi', access, fd), 12)
        if _libc.syscall(ctypes.c_long(ADD_RULE), ctypes.c_int(ruleset),
                         ctypes.c_int(RULE_PATH_BENEATH), rule, ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), f'landlock_add_rule failed for {path}')
    finally:
        os.close(fd)
