"""What installing the seccomp filter costs a child: the shipped filter (a search tree
over the call numbers) against the same verdicts as a flat list, and no filter.

    python tests/bench/bench_seccomp.py [--children 300] [--rounds 8]

Each round forks CHILDREN processes that install nothing, the flat list, or the tree,
and end at once; the three go round-robin, so all share the machine's ups and downs.
The kernel runs a new filter once for every call number as it is installed (to learn
what it may allow without running it again), so the cost is counted machine-wide, from
/proc/stat: the kernel's own threads included, and anything else running then (run it
on an otherwise quiet machine). Prints the median per child of each, and what each
filter adds to a child's start. Linux on x86-64 only.
"""
from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import struct
import sys

from autograder.sandbox.inside import seccomp


def flat_list(pid: int) -> list[seccomp.Line]:
    """The same verdicts as `seccomp.program`, each number tried in turn (the allowed
    calls first), as the filter was before it became a tree."""
    lines = list(seccomp.HEAD)
    for number, leaf in seccomp.leaves(pid).items():
        lines += [(seccomp.JEQ, 0, len(leaf), number), *leaf]
    return lines + [(seccomp.RET, 0, 0, seccomp.UNKNOWN)]


def machine_seconds() -> float:
    with open('/proc/stat', encoding='ascii') as stat:
        fields = [int(n) for n in stat.readline().split()[1:]]
    return (fields[0] + fields[1] + fields[2] + fields[5] + fields[6]) / os.sysconf('SC_CLK_TCK')


def per_child(children: int, lines: list[seccomp.Line] | None) -> float:
    """Milliseconds of the machine per child that installs `lines` (None: nothing)."""
    code = b''.join(struct.pack('=HBBI', *line) for line in lines or [])
    buffer = ctypes.create_string_buffer(code, len(code))
    program = seccomp._Filter(len(code) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    started = machine_seconds()
    for _ in range(children):
        pid = os.fork()
        if pid == 0:
            if lines is not None:
                libc.prctl(seccomp.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
                if libc.prctl(seccomp.PR_SET_SECCOMP, seccomp.SECCOMP_MODE_FILTER,
                              ctypes.byref(program), 0, 0) != 0:
                    os._exit(1)
            os._exit(0)
        if os.waitpid(pid, 0)[1] != 0:
            raise SystemExit('the kernel refused the filter')
    return (machine_seconds() - started) / children * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--children', type=int, default=300)
    parser.add_argument('--rounds', type=int, default=8)
    args = parser.parse_args()
    if not seccomp.available():
        sys.exit('no seccomp filter for this machine')
    pid = os.getpid()  # the children's programs differ only in the pid they name
    kinds = {'no filter': None, 'flat list': flat_list(pid), 'tree (shipped)':
             seccomp.program(pid)}
    print(f'programs: flat list {len(kinds["flat list"] or [])} instructions, '
          f'tree {len(kinds["tree (shipped)"] or [])}')
    found: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(args.rounds):
        for kind, lines in kinds.items():
            found[kind].append(per_child(args.children, lines))
    base = statistics.median(found['no filter'])
    for kind, values in found.items():
        added = statistics.median(v - b for v, b in zip(values, found['no filter']))
        print(f'{kind:15s} {statistics.median(values):.3f} ms per child'
              + (f', {added:+.3f} ms over no filter' if values is not found['no filter']
                 else f' (base {base:.3f})'))


if __name__ == '__main__':
    main()
