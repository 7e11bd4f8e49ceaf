"""What the tests of the isolation layers share: trying what a process may do once a
layer restricts it for good (in a fork of the test process, which reports back
through a pipe), and a C library whose chosen call fails."""
from __future__ import annotations

import errno
import os
from typing import Callable


def in_fork(body: Callable[[], str]) -> str:
    """Run `body` in a fork of this process and return what it returned."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(reader)
        try:
            os.write(writer, body().encode())
        except BaseException as exc:
            os.write(writer, f'crashed: {exc!r}'.encode())
        finally:
            os._exit(0)
    os.close(writer)
    with os.fdopen(reader, 'rb') as answer:
        said = answer.read().decode()
    os.waitpid(pid, 0)
    return said


def attempt(action: Callable[[], object]) -> str:
    try:
        action()
        return 'allowed'
    except OSError as exc:
        return errno.errorcode.get(exc.errno or 0, 'refused')


class FakeLibc:
    """The C library, but for the calls a test wants to fail."""

    def __init__(self, real: object, failing: str, argument: int | None = None) -> None:
        self.real, self.failing, self.argument = real, failing, argument

    def __getattr__(self, name: str) -> object:
        real = getattr(self.real, name)
        if name != self.failing:
            return real
        return lambda *args: -1 if self.argument in (None, _plain(args[0])) else real(*args)


def _plain(value: object) -> object:
    return getattr(value, 'value', value)
