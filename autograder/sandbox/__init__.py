"""The sandbox: student code runs in child processes that only answer calls.

The parent's side: `process` (one child: load, call, close), `isolation` (how
children are isolated, and starting one), `working_layers` (which layers work
here).
How children are made: `zygote` (the process that forks them), `child_layers` (what a
fork of it puts on before it serves) and `zygote_client` (the parent's handle on the
zygote), `launch` (a started child), `portable` (a child where
the usual floor cannot stand), `runtime` (what one run keeps), `uid_pool` (a uid
per child started as root), `removal` (clearing a child's folder, whatever it left
there), `stale` (what killed graders left).
Processes: `process_groups` (ending a child and all it started) and `proc_stat`
(a process's parent and CPU time, from /proc).
The layers: `bwrap`, `cgroups`, `landlock`, `seccomp`, with `path_policy` (what of
the machine bwrap and Landlock let a child read), the uid a child takes as root
(`child_layers`, with `held_folders` to import from where that uid cannot reach),
and the rlimits and clock in `child`, the program every child runs (started by
`run_child`), with `reports` (what it says of the student's file) and `variant`
(other rules, swapped in unseen). `child`, `zygote`, `child_layers`, `held_folders`,
`clock`, `reports`, `variant`, `wire`, `encoding`, `printed`, `landlock` and
`seccomp` use the standard library only: the child loads them by path (and
`run_child`, which the interpreter runs). `printed` keeps what the student's code
prints.
The wire: `wire` (how each message is framed), `call_requests` (how a batch of calls
goes to a child), `encoding` (a returned value as the child sends it), `values` (as the
parent rebuilds it), `replies` (what the parent reads in a reply), `wire_memo` (big
replies read once by one owner) and `outcomes`. Each file has a child of its own
(`channel`), started ahead while the file before it is graded: `spares`.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from autograder.sandbox.isolation import FLOOR as FLOOR, Isolation as Isolation
    from autograder.sandbox.limits import Limits as Limits
    from autograder.sandbox.process import StudentProcess as StudentProcess
    from autograder.sandbox.working_layers import probe as probe

# the face, loaded when first used: what runs inside a child (`inside`) and the records
# of a call are imported without the parent's machinery
FACE = {'FLOOR': 'isolation', 'Isolation': 'isolation', 'Limits': 'limits',
        'StudentProcess': 'process', 'probe': 'working_layers'}
__all__ = sorted(FACE)


def __getattr__(name: str) -> Any:
    if name in FACE:
        return getattr(importlib.import_module(f'autograder.sandbox.{FACE[name]}'), name)
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
