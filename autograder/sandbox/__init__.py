"""The sandbox: student code runs in child processes that only answer calls.

It is one runner of student code (see `autograder.calls.runner`): grading asks an
`Isolation` for a child per file and speaks to it as to any runner's. Its face is
the names below: a `StudentProcess` (one child: load a file, call its functions,
close), the `Isolation` it is started under and `probe` (which layers work on this
machine), `FLOOR` (the layers every machine has), `Spares` (children started ahead,
for one owner) and `parent_of` (a process's parent). Code outside the sandbox imports
these, and `inside`'s wire (`wire`, `encoding`), which both sides speak; the limits,
the records of a call and the reading of replies are `autograder.calls`'s.

`inside/` is what runs in the child: `child` (the program, started by `run_child`),
`zygote` (which forks children), `child_layers` and `held_folders` (what a fork puts
on before it serves), `clock`, `printed`, `reports`, `variant`, and the layers
applied from inside (`landlock`, `seccomp`). It is standard library only and loaded
by path, never as part of this package: a test holds it to that.

The rest is the parent's: starting children (`isolation`, `launch`, `zygote_client`,
`portable`, `runtime`, `channel`, `spares`, `uid_pool`), the layers put on from
outside (`bwrap`, `cgroups`, `path_policy`), clearing up (`removal`, `stale`,
`process_groups`, `proc_stat`), and the wire (`call_requests`, `channel`, `pump`, with
`process` tying one child together). On Windows only the portable floor's part of it
imports (`interpreter`, `portable`, `launch`, `pump`): the rest says it is Linux's.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from autograder.sandbox.isolation import FLOOR as FLOOR, Isolation as Isolation
    from autograder.sandbox.proc_stat import parent_of as parent_of
    from autograder.sandbox.process import StudentProcess as StudentProcess
    from autograder.sandbox.spares import Spares as Spares
    from autograder.sandbox.working_layers import probe as probe

# the face, each name loaded when first used, by the module that holds it: what runs
# inside a child (`inside`) and the records of a call (`autograder.calls`) are imported
# without the parent's machinery
FACE = {'FLOOR': ('isolation', 'FLOOR'), 'Isolation': ('isolation', 'Isolation'),
        'StudentProcess': ('process', 'StudentProcess'),
        'Spares': ('spares', 'Spares'),
        'parent_of': ('proc_stat', 'parent_of'), 'probe': ('working_layers', 'probe')}
__all__ = sorted(FACE)


def __getattr__(name: str) -> Any:
    if name in FACE:
        module, attribute = FACE[name]
        return getattr(importlib.import_module(f'autograder.sandbox.{module}'), attribute)
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
