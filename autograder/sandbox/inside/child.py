"""The child process that holds one student file and answers calls on it.

It runs in a fresh interpreter (`python -I -S`, started with `run_child.py`), so it
imports only the standard library: nothing of the grader, the reference or the solutions
is ever in this process. It speaks to the parent over two inherited pipe fds with
length-prefixed JSON (`wire`), and trusts nothing the student's code leaves behind:
every value goes back as plain data (`encoding`) that the parent rebuilds and checks
itself.
"""
from __future__ import annotations

import gc
import importlib
import json
import os
import sys
import time
import types

TYPE_CHECKING = False  # typing itself is never imported here: some 5 ms of the start of
# every zygote, and of every child that starts an interpreter of its own
if TYPE_CHECKING:
    from typing import Any, Callable

MAX_LINES = 2000  # lines of the student's file reported for one traced call
BOARDS_SEEN = 64  # different boards a counted call is seen to hold, at most
LOOK_EVERY = 4    # lines run between looks at a counted call's names


def sibling(name: str) -> types.ModuleType:
    """A module of this folder, loaded by path: the grader's package is never imported."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, os.path.join(
        os.path.dirname(os.path.abspath(__file__)), name + '.py'))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


clock = sibling('clock')  # the per-call limits
reports = sibling('reports')  # what is said of the student's file
variant = sibling('variant')  # other rules, swapped in unseen
wire = sibling('wire')  # the framing of every message
encoding = sibling('encoding')  # a returned value in its wire form
printed = sibling('printed')  # what the student's code prints
Wire = encoding.Wire


# imported once in the zygote, so that no child pays for them: what the child itself
# and the game file need, and what students import most (all standard library)
WARM_MODULES = ('ast', 'random', 'collections', 'copy', 'functools', 'itertools', 'math')
# modules sent with every load (the game file), compiled once in the zygote
COMPILED: dict[tuple[str, str], types.CodeType] = {}
# batches of strings the zygote was given to hold (see its `hold`), by key: a child
# forked after that is asked on them by key alone
HELD: dict[str, list[str]] = {}


class Child:
    def __init__(self, reader: int, writer: int, limits: dict[str, Any]) -> None:
        self.reader = reader
        self.writer = writer
        self.limits = limits
        self.output = printed.Printed(limits['output_chars'])
        self.namespace: dict[str, Any] = {}
        self.filename = '<submission>'
        self.timing = limits  # the time limits of the file loaded
        self.clock = clock.Clock(spare=frozenset({Child._call_all.__code__,
                                                  Child._traced.__code__}),
                                 ticking='SIGALRM' not in limits.get('without', ()))

    # -- the wire --------------------------------------------------------
    def receive(self) -> dict[str, Any] | None:
        request: dict[str, Any] | None = wire.receive(lambda size: os.read(self.reader, size))
        return request

    def send(self, message: dict[str, Any]) -> None:
        wire.send(lambda view: os.write(self.writer, view), message, compact=True)

    # -- the work --------------------------------------------------------
    def _function(self, request: dict[str, Any]) -> Callable[..., Any]:
        """The loaded file's function a request asks for (the parent asks only for
        functions it saw)."""
        return self.namespace[request['name']]  # type: ignore[no-any-return]

    def load(self, request: dict[str, Any]) -> dict[str, Any]:
        self.filename = request['filename']
        self.clock.watched = self.filename
        self.timing = {**self.limits, **request.get('limits', {})}
        # a real module, as Python runs a file: dataclasses, typing, enum and pickle
        # look the module of what it defines up in sys.modules
        module = sys.modules['submission'] = types.ModuleType('submission')
        self.namespace = module.__dict__
        self.namespace.update({'__file__': self.filename, '__builtins__': __builtins__,
                               WRITE_FILE: write_file})
        if os.getcwd() not in sys.path:  # its own folder, where %%writefile writes
            sys.path.insert(0, os.getcwd())
        for name, text in request.get('modules', {}).items():
            module = types.ModuleType(name)
            code = COMPILED.get((name, text)) or compile(text, name + '.py', 'exec')
            exec(code, module.__dict__)
            sys.modules[name] = module
        error: dict[str, Any] | None = None
        cells: list[list[int]] = request.get('cells') or []
        whole: types.CodeType | None = None  # a notebook's cells are compiled one by one
        try:
            if not cells:
                whole = compile(request['source'], self.filename, 'exec', dont_inherit=True)
        except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
            return {'error': reports.syntax_error(exc), 'output': self.output.take()}
        own = OwnTime(self.clock, self.timing['load_seconds'], self.timing['load_wait_seconds'])
        left_out: list[list[Any]] = []
        try:
            for name, text in request.get('own', {}).items():  # the student's other files
                module = types.ModuleType(name)
                module.__file__ = name + '.py'
                sys.modules[name] = module
                exec(compile(text, name + '.py', 'exec', dont_inherit=True), module.__dict__)
            if whole is not None:
                exec(whole, self.namespace)
            else:
                error = self._run_cells(request['source'], cells, own, left_out,
                                        frozenset(request.get('carried') or ()),
                                        frozenset(request.get('skip') or ()),
                                        request.get('carried_limits') or {})
        except clock.CallTimeout as timeout:
            error = {'type': 'timeout', 'message': '', 'line': None, 'waited': timeout.waited,
                     'seen': timeout.seen}
        except BaseException as exc:
            error = reports.describe_error(exc, self.filename)
        finally:
            self.clock.stop()
        functions = {name: reports.signature_of(value)
                     for name, value in list(self.namespace.items())
                     if isinstance(name, str) and callable(value) and not name.startswith('__')}
        return {'error': error, 'functions': functions, 'left_out': left_out,
                'output': self.output.take(), 'cells_went_on': bool(cells)}

    def _run_cells(self, source: str, cells: list[list[int]], own: OwnTime,
                   left_out: list[list[Any]], carried: frozenset[int], skip: frozenset[int],
                   limits: dict[str, float]) -> dict[str, Any] | None:
        """A notebook's cells one by one, as Jupyter runs them: a cell that fails (a
        syntax error, an exception) is reported, the first one, and the next cell runs.
        Each cell keeps its lines: it is compiled after as many blank lines.

        A cell `carried` from another section runs under a limit of its own (`limits`:
        each, and all of them together), off the section's own time; one that fails
        or runs out of time is left out, said in `left_out` (its place, and why), and
        costs the section nothing. The parent is told which carried cell runs (a
        message `{'at': place}` before it, and `{'at': -1}` when the section's own run
        again), so that one that stops the whole program can be left out next time
        (`skip`)."""
        lines = source.split('\n')
        first_error: dict[str, Any] | None = None
        spare = float(limits.get('total', 0.0))
        told = -1
        for place, (first, last) in enumerate(cells):
            if place in skip:
                continue
            if place in carried:
                if spare <= 0:
                    left_out.append([place, {'type': 'no time'}])
                    continue
                if told != place:
                    self.send({'at': place})
                    told = place
                own.pause()
                spare -= self._carried(place, lines, first, last, left_out,
                                       min(float(limits.get('each', 0.0)), spare))
                own.resume()
                continue
            if told != -1:
                self.send({'at': -1})
                told = -1
            try:
                code = self._compiled(lines, first, last)
            except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
                first_error = first_error or reports.syntax_error(exc)
                continue
            try:
                exec(code, self.namespace)
            except clock.CallTimeout as timeout:  # the cells after it would wait as long
                return {'type': 'timeout', 'message': '', 'line': first,
                        'waited': timeout.waited, 'seen': timeout.seen}
            except BaseException as exc:  # exit() in a cell too: Jupyter goes on
                first_error = first_error or reports.describe_error(exc, self.filename)
        return first_error

    def _carried(self, place: int, lines: list[str], first: int, last: int,
                 left_out: list[list[Any]], seconds: float) -> float:
        """Run one cell carried from another section for `seconds` at most; say in
        `left_out` why it was left out, if it was. The computing it took."""
        started = time.process_time()
        try:
            code = self._compiled(lines, first, last)
        except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
            left_out.append([place, reports.syntax_error(exc)])
            return time.process_time() - started
        self.clock.start(seconds, seconds * WAITING)
        try:
            exec(code, self.namespace)
        except clock.CallTimeout as timeout:
            left_out.append([place, {'type': 'timeout', 'waited': timeout.waited,
                                     'seconds': seconds}])
        except BaseException as exc:
            left_out.append([place, reports.describe_error(exc, self.filename)])
        finally:
            self.clock.stop()
        return time.process_time() - started

    def _compiled(self, lines: list[str], first: int, last: int) -> types.CodeType:
        """Lines `first` to `last` of the source, compiled where they stand."""
        import ast
        try:
            tree = ast.parse('\n'.join(lines[first - 1:last]), self.filename)
        except SyntaxError as exc:  # its line, in the whole text
            exc.lineno = (exc.lineno or 1) + first - 1
            raise
        ast.increment_lineno(tree, first - 1)  # not padding: cells by the thousand
        return compile(tree, self.filename, 'exec', dont_inherit=True)

    def call(self, request: dict[str, Any]) -> dict[str, Any]:
        """Each call of a batch (with the rules `patch` swaps in); with `count_lines`,
        each is traced, and how many lines of the student's file it ran is said too:
        what a call does, beside what it gives back (a fixed answer runs a line or
        two, a search thousands)."""
        fn = self._function(request)
        events: list[int] | None = [] if request.get('count_lines') else None
        boards: list[int] = []
        if events is not None:
            fn = self._counting(fn, events, boards)
        patched = variant.swap_in(request.get('patch'), self.namespace)
        try:
            texts = wire.strings_in(request) if 'held' not in request or 'joined' in \
                request else HELD[request['held']]  # named alone: held since the fork
            if texts is not None:  # one string per call
                values = self._call_all(fn, texts)
            else:
                values = self._call_all(lambda args: fn(*args), request['args'])
        finally:
            variant.swap_back(patched)
            sys.settrace(None)  # in case a timeout struck before a call took it off
        counted = {} if events is None else {'lines_run': events, 'boards_seen': boards}
        # most batches are all short strings (mirror's has 19,683): send them bare,
        # which both sides handle several times faster than tagged values
        strings = wire.all_strings_out(values)
        if strings is not None:
            return {**strings, **counted, 'output': self.output.take()}
        joined = encoding.sequences(values)  # tuples or lists of strings, of one shape
        if joined is not None:
            return {joined[0]: joined[1], **counted, 'output': self.output.take()}
        return {'results': encoding.encode_all(values), **counted,
                'output': self.output.take()}

    def _counting(self, fn: Callable[..., Any], events: list[int], boards: list[int]
                  ) -> Callable[..., Any]:
        """`fn`, counting in `events` the lines of the student's file each call runs
        (the game file's and the standard library's are left at full speed), and in
        `boards` how many different boards its names held meanwhile, looked at every
        few lines (up to `BOARDS_SEEN`): what a search builds, and a fixed answer
        behind a loop that only runs does not."""
        watched = self.filename

        def counted(*args: Any) -> Any:
            ran = [0]
            seen: set[str] = set()

            def on_line(frame: Any, event: str, arg: Any) -> Any:
                if event == 'line':
                    ran[0] += 1
                    if ran[0] % LOOK_EVERY == 0 and len(seen) < BOARDS_SEEN:
                        seen.update(v for v in frame.f_locals.values()
                                    if type(v) is str and len(v) == 9 and not v.strip('BW.'))
                return on_line

            def on_call(frame: Any, event: str, arg: Any) -> Any:
                return on_line if frame.f_code.co_filename == watched else None
            events.append(0)
            boards.append(0)
            sys.settrace(on_call)
            try:
                return fn(*args)
            finally:
                sys.settrace(None)
                events[-1], boards[-1] = ran[0], len(seen)
        return counted

    def _call_all(self, fn: Callable[[Any], Any], batch: list[Any]) -> list[Any]:
        """`fn` of each item, as `encoding.kept` keeps it: a plain value as it is,
        anything else cut to what a report shows and in its wire form at once (encoded
        while the call's clock runs: a hostile __repr__ is the call's own time). A call
        that runs out of time ends the batch: the parent marks the rest as not tried."""
        values: list[Any] = []
        computing, waiting = self.timing['call_seconds'], self.timing['call_wait_seconds']
        calls = iter(batch)  # shared by the loops below: a failed call is not repeated
        # a short str, most answers, is kept as it is (see `kept`) without a call: this
        # loop runs 19,683 times for a mirror
        append, kept, most = values.append, encoding.kept, encoding.MAX_TEXT
        while True:
            self.clock.start(computing, waiting, values)
            try:
                for item in calls:
                    value = fn(item)
                    append(value if type(value) is str and len(value) <= most
                           else kept(value))
                self.clock.stop()
                return values
            except clock.CallTimeout as timeout:
                self.clock.stop()
                values.append(Wire({'timeout': True, 'waited': timeout.waited,
                                    'seen': timeout.seen}))
                return values
            except BaseException as exc:
                self.clock.stop()  # before its description: that is the grader's own time
                values.append(Wire({'raised': reports.describe_error(exc, self.filename)}))

    def lines(self, request: dict[str, Any]) -> dict[str, Any]:
        """Which lines of the student's file each call runs, for the parent to point at
        the line most tied to the wrong answers. Tracing slows a call down several
        times, so the parent asks for a few calls only; each keeps its own clock. The
        calls that finished (returned or raised) are reported, in order."""
        fn = self._function(request)
        ran: list[set[int]] = []
        try:
            values = self._call_all(lambda args: self._traced(fn, args, ran), request['args'])
        finally:
            sys.settrace(None)  # in case a timeout struck before the call took it off
        self.output.take()  # printed again: the parent was told of it the first time
        done = len(values) - (1 if values and _timed_out(values[-1]) else 0)
        return {'lines': [sorted(seen)[:MAX_LINES] for seen in ran[:done]]}

    def _traced(self, fn: Callable[..., Any], args: list[Any], ran: list[set[int]]) -> Any:
        """`fn(*args)`, adding to `ran` the set of lines of the student's file it runs.
        Only the student's frames are followed line by line: the game file's and the
        standard library's are left at full speed."""
        seen: set[int] = set()
        ran.append(seen)
        add, watched = seen.add, self.filename

        def on_line(frame: Any, event: str, arg: Any) -> Any:
            if event == 'line':
                add(frame.f_lineno)
            return on_line

        def on_call(frame: Any, event: str, arg: Any) -> Any:
            return on_line if frame.f_code.co_filename == watched else None

        sys.settrace(on_call)
        try:
            return fn(*args)
        finally:
            sys.settrace(None)

    def serve(self) -> None:
        handlers = {'load': self.load, 'call': self.call, 'lines': self.lines}
        while True:
            request = self.receive()
            if request is None:  # the parent closed its end
                return
            self.send(handlers[request['op']](request))


class OwnTime:
    """What is left of a file's own time to load, while cells carried from other
    sections run on theirs: the clock counts only the file's own code against it."""

    def __init__(self, watch: Any, computing: float, waiting: float) -> None:
        self.clock, self.computing, self.waiting = watch, computing, waiting
        self.resume()

    def resume(self) -> None:
        self.cpu_from, self.wall_from = time.process_time(), time.monotonic()
        self.clock.start(max(self.computing, 0.0), max(self.waiting, 0.0))

    def pause(self) -> None:
        self.clock.stop()
        self.computing -= time.process_time() - self.cpu_from
        self.waiting -= time.monotonic() - self.wall_from


# a carried cell may wait (a sleep) this many times as long as it may compute, as a call
WAITING = 3


# what a notebook's `%%writefile NAME` cell becomes: a call of this, which writes the
# cell into the child's own folder, where the notebook's `import NAME` then finds it
WRITE_FILE = '_hexgrade_writefile'


def write_file(name: str, text: str, append: bool = False) -> None:
    with open(name, 'a' if append else 'w', encoding='utf-8') as stream:
        stream.write(text)
    importlib.invalidate_caches()


def _timed_out(value: Any) -> bool:
    return type(value) is Wire and isinstance(value.wire, dict) and 'timeout' in value.wire


def limit_resources(limits: dict[str, Any]) -> None:
    """Best-effort rlimits; the parent's deadline and process-group kill back them up.
    A system without `resource` (Windows) has none: the parent's limits are all."""
    if 'resource' in limits.get('without', ()) or sys.platform == 'win32':
        return
    try:
        import resource
    except ImportError:
        return
    wanted = {
        resource.RLIMIT_AS: limits['memory_bytes'],
        resource.RLIMIT_FSIZE: limits['file_bytes'],
        resource.RLIMIT_CORE: 0,
        resource.RLIMIT_CPU: limits.get('cpu_seconds', 60),  # outlives no lost parent
    }
    for which, value in wanted.items():
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):
            pass


# deeper than Python's 1000, for a student's recursive search; a recursion without end
# still stops with RecursionError long before the C stack runs out
RECURSION_LIMIT = 3000
BROKE_DOWN = 75  # the exit code of a child whose own code failed (out of memory, say)


def run(reader: int, writer: int, limits: dict[str, Any]) -> None:
    """Serve one student file on these pipes until the parent closes its end."""
    # what the process holds before the student's first line (a zygote's own objects,
    # inherited at the fork) is kept out of the collector's rounds, as the zygote keeps
    # its modules: walking it took a child 1.5 ms, most of it copying the zygote's pages
    # the collector wrote to. The student's objects are collected as ever.
    gc.freeze()
    sys.setrecursionlimit(RECURSION_LIMIT)
    child = Child(reader, writer, limits)
    child.output.install()
    try:
        child.serve()
    except BaseException:  # not the student's exit(): that is caught around their code
        os._exit(BROKE_DOWN)


def warm_up(preload: dict[str, str], variants: list[str] | tuple[str, ...] = ()) -> None:
    """In the zygote, before any fork: import and compile what every child needs (with
    the rules variants a child may swap into the game), then keep the garbage
    collector off those objects, so that children share their pages."""
    import importlib
    for name in WARM_MODULES:
        importlib.import_module(name)
    for name, text in preload.items():
        COMPILED[(name, text)] = compile(text, name + '.py', 'exec')
    if 'hexapawn' in preload and variants:
        game: dict[str, Any] = {'__name__': 'hexapawn'}
        exec(COMPILED[('hexapawn', preload['hexapawn'])], game)
        for source in variants:
            variant.warm(source, game)
    gc.freeze()


def main() -> None:
    if sys.argv[1] == '--zygote':
        child_layers = sibling('child_layers')
        child_layers.shield()  # first: a child may signal the zygote (see `shield`)
        settings = json.loads(sys.argv[3])
        warm_up(settings.get('preload', {}), settings.get('variants', []))
        held_folders = sibling('held_folders')
        seccomp = sibling('seccomp')
        layers = {'limit_resources': limit_resources, 'landlock': sibling('landlock'),
                  'child_layers': child_layers,
                  'seccomp': seccomp, 'seccomp_packed': seccomp.Packed(),  # once, here
                  'held_folders': held_folders, 'wire': wire, 'batches': HELD,
                  'held': held_folders.hold(list(sys.path))}  # while it can reach them
        sibling('zygote').serve(int(sys.argv[2]), settings, run, layers)
        return
    if sys.argv[1] == '--portable':  # see `portable_wire`
        reader, writer = portable_wire()
        limits = json.loads(sys.argv[2])
    else:
        reader, writer = int(sys.argv[1]), int(sys.argv[2])
        limits = json.loads(sys.argv[3])
    limit_resources(limits)
    if limits.get('uid') is not None:  # started as root: never serve as root
        held_folders = sibling('held_folders')
        layers = {'held_folders': held_folders, 'held': held_folders.hold(list(sys.path))}
        try:
            sibling('child_layers').give_up_root(limits['uid'], limits, layers)
        except OSError:
            os._exit(BROKE_DOWN)
    go_without(limits.get('without', ()))
    run(reader, writer, limits)


def portable_wire() -> tuple[int, int]:
    """The wire where no pipe but stdin and stdout can be handed to a child (Windows):
    they are moved aside, and 0 and 1 lead nowhere, so what the student's code writes
    to them never reaches the parent as an answer."""
    reader, writer = os.dup(0), os.dup(1)
    nowhere = os.open(os.devnull, os.O_RDWR)
    os.dup2(nowhere, 0)
    os.dup2(nowhere, 1)
    os.close(nowhere)
    return reader, writer


def go_without(missing: list[str]) -> None:
    """Make `resource` unimportable when the parent says this system lacks it (or a
    test says so, to try the portable floor where it exists): nothing here may need
    it from now on."""
    if 'resource' in missing:
        sys.modules['resource'] = None  # type: ignore[assignment]


if __name__ == '__main__':
    main()
