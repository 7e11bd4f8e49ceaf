"""The parent's handle on the zygote (see `zygote`): start it, ask it for children.

A fork of the zygote costs a few milliseconds where a fresh interpreter costs tens.
Requests from several grading threads share one socket, so each request and its
answer happen under a lock. A spawned child answers for itself on that socket
(the kernel attaches its process id as this process sees it, even when the zygote
lives in a pid namespace of its own), then, with the lock free again, greets on
its own pipe once its layers are on.
"""
from __future__ import annotations

import json
import os
import select
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from autograder.errors import GraderError
from autograder.sandbox.inside import wire
from autograder.sandbox.interpreter import CHILD_SCRIPT, PYTHON

if sys.platform == 'win32':  # Linux's alone: the portable floor runs without it
    raise ImportError(f'{__name__} is for Linux')


REPLY_SECONDS = 10.0


class LayerFailed(GraderError):
    """A child could not put on one of its layers; `layer` names it."""

    def __init__(self, message: str, layer: str) -> None:
        super().__init__(message)
        self.layer = layer


class Zygote:
    def __init__(self, prefix: list[str], settings: dict[str, Any], env: dict[str, str],
                 cwd: Path) -> None:
        self._sock, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        argv = prefix + PYTHON + [str(CHILD_SCRIPT), '--zygote', str(theirs.fileno()),
                                  json.dumps(settings)]
        self._lock = threading.Lock()
        self.holding: frozenset[str] = frozenset()  # the keys of the batches it holds
        self._offered: set[str] = set()  # and of those it was given, held or not
        try:
            self._proc = subprocess.Popen(
                argv, pass_fds=(theirs.fileno(),), cwd=cwd, env=env,
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE, start_new_session=True)
        finally:
            theirs.close()

    def spawn(self, fds: list[int], request: dict[str, Any]
              ) -> tuple[int, int, frozenset[str]]:
        """A new child on these fds: its pid here, its pid as the zygote sees it, and
        the keys of the batches it holds. The child is not ready yet: see `ready`."""
        with self._lock:
            self._send({'op': 'spawn', **request}, fds)
            reply, pid = self._receive()
            holding = self.holding
        if pid is None or type(reply.get('pid')) is not int:
            raise GraderError('the sandbox started a child that did not say who it is')
        return pid, reply['pid'], holding

    def hold(self, key: str, joined: str, width: int) -> None:
        """Give the zygote a batch of strings of `width` characters, joined (ASCII),
        to hold under `key` for every child forked from now on (see `zygote`); once:
        a batch it was given before is not given again."""
        with self._lock:
            if key in self._offered:
                return
            self._offered.add(key)
        data = joined.encode('ascii')
        fd = os.memfd_create('hexgrade-batch', os.MFD_CLOEXEC)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.lseek(fd, 0, os.SEEK_SET)
            with self._lock:
                self._send({'op': 'hold', 'key': key, 'width': width,
                            'count': len(data) // width}, [fd])
                if self._receive()[0].get('held') is True:
                    self.holding = self.holding | {key}
        finally:
            os.close(fd)

    def running(self) -> bool:
        return self._proc.poll() is None

    def status(self, zygote_pid: int) -> int | None:
        """How a child ended (an exit code, or minus a signal), None while it runs."""
        with self._lock:
            self._send({'op': 'status', 'pid': zygote_pid}, [])
            status = self._receive()[0].get('status')
        return status if type(status) is int else None

    def sweep(self, uid: int) -> None:
        """Kill every process running as `uid`, wherever its process group is."""
        with self._lock:
            self._send({'op': 'sweep', 'uid': uid}, [])
            self._receive()

    def close(self) -> None:
        self._sock.close()  # the zygote ends when it reads the end of its socket
        try:
            self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        if self._proc.stderr:
            self._proc.stderr.close()

    def _send(self, message: dict[str, Any], fds: list[int]) -> None:
        try:
            socket.send_fds(self._sock, [json.dumps(message).encode()], fds)
        except OSError as exc:
            raise GraderError(self._why_gone(f'cannot reach the sandbox zygote ({exc})')) \
                from None

    def _receive(self) -> tuple[dict[str, Any], int | None]:
        if not select.select([self._sock], [], [], REPLY_SECONDS)[0]:
            raise GraderError(f'the sandbox zygote did not answer within {REPLY_SECONDS:g} s')
        try:
            data, ancillary, _, _ = self._sock.recvmsg(1 << 16, socket.CMSG_SPACE(12))
        except OSError:  # it died with our request unread
            data, ancillary = b'', []
        if not data:
            raise GraderError(self._why_gone('the sandbox zygote stopped'))
        pid = None
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
                pid = struct.unpack('=iII', payload[:12])[0]
        return json.loads(data), pid

    def _why_gone(self, message: str) -> str:
        """The message, with the last line the zygote (or bwrap) wrote before it ended."""
        try:
            self._proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return message
        said = self._proc.stderr.read().decode('utf-8', 'replace').strip() \
            if self._proc.stderr else ''
        return f'{message}: {said.splitlines()[-1]}' if said else message


def ready(answers: int) -> None:
    """Wait for a spawned child's greeting on `answers` (the parent's end of its pipe):
    it comes once every layer is on, or names the layer that failed."""
    greeting = read_greeting(answers, REPLY_SECONDS)
    if 'error' in greeting:
        raise LayerFailed(f'the sandbox could not put on its {greeting.get("layer")} '
                          f'layer: {greeting["error"]}', str(greeting.get('layer')))


def read_greeting(fd: int, seconds: float) -> dict[str, Any]:
    """A child's first message on its own pipe: ready, or which layer failed."""
    until = time.monotonic() + seconds

    def read(size: int) -> bytes:
        if not select.select([fd], [], [], max(until - time.monotonic(), 0))[0]:
            raise GraderError(f'a sandboxed child did not get ready within {seconds:g} s')
        return os.read(fd, size)
    try:
        message = wire.receive(read)
    except ValueError:
        raise GraderError('a sandboxed child greeted in words nobody understands') from None
    if message is None:
        raise GraderError('a sandboxed child ended before it was ready')
    return message
