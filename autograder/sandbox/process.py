"""The parent's side of one child: start it, ask it to load a file, send calls.

Every wait on the child has a deadline taken from the file's time budget, so a
child that hangs, ignores its alarms or swallows every exception costs that budget
and no more. When the child is gone, every later call comes back as `Died`.
"""
from __future__ import annotations

import os
import select
import signal
import time
from dataclasses import replace
from types import TracebackType
from typing import Any, Sequence

from autograder.calls.limits import WAITING, Limits
from autograder.calls.outcomes import Answers, Died, LeftOut, Loaded, TimedOut
from autograder.calls.replies import answers_in, loaded_in
from autograder.sandbox.call_requests import arguments, as_held
from autograder.sandbox.channel import open_channel
from autograder.sandbox.inside import wire
from autograder.sandbox.inside.child import BROKE_DOWN
from autograder.sandbox.isolation import Isolation
from autograder.sandbox.launch import Launched
from autograder.sandbox.proc_stat import cpu_seconds
from autograder.sandbox.pump import watched
from autograder.sandbox.spares import Spares
from autograder.sharing import wire_memo
from autograder.sharing.wire_memo import WireMemo
from autograder.submission.json_cost import parsing_cost

# honest replies are far smaller (19,683 boards come to about 0.3 MiB); a larger one is
# forged or absurd, and parsing it could cost the grader gigabytes
MAX_MESSAGE = 4 * 1024 * 1024
# and what parsing a reply may cost in memory, estimated from its bytes before it is
# parsed (see `json_cost`): an honest reply of tagged values for each of 19,683
# calls comes to some 10 MiB; one of millions of empty objects, to hundreds
MAX_PARSING = 32 * 1024 * 1024
# what reading a reply raises when its parts are not what they claim (a forged
# reply): that student's failure to answer, never the grader's
READING_FAILED = (TypeError, ValueError, KeyError, AttributeError, IndexError,
                  OverflowError, RecursionError)
# and beside them, what the file printed: its characters as JSON writes them, up to
# 12 bytes each (a character outside the BMP becomes two escapes)
PRINTED_BYTES = 12
TIMING = ('call_seconds', 'call_wait_seconds', 'load_seconds', 'load_wait_seconds')
MAX_LINES = 2000  # lines of one traced call: a file longer than that is no exercise
GRACE_SECONDS = 1.0  # beyond its own clock: for a loaded machine, and the reply itself
# a child that computes past its limit and ignores its own clock (a C loop, or its
# alarm switched off) is stopped by the parent, which looks at its CPU time this often
POLL_SECONDS = 0.1
# the first look at a request's CPU time comes this soon per call it asks (at most
# POLL_SECONDS in), as it counts from there: what the child did before it counts as
# computing, so a note on a call's slowness is out by this much at most
FIRST_LOOK_SECONDS = 0.01
CPU_GRACE_SECONDS = 0.2
MAX_DROPPED = 10 ** 9  # characters a reply may say were dropped: a forged count, bounded
# a cell carried from another section (a definition, an import, a plain value) may run
# this long, and all of them together so long, off the file's own time to load
CARRIED_SECONDS = 0.25
CARRIED_TOTAL = 1.0
# carried cells that stop the whole program, each left out of a fresh child; after
# that many, the loading's end is the file's own
MAX_STOPPED_CARRIED = 3
AT_BYTES = 32  # a progress message is shorter than this
READ_AHEAD = 1 << 16  # bytes read for a header: a pipe's worth, the message that follows


def _at(body: bytes) -> int | None:
    """The place of the carried cell a progress message says the child runs (-1: its
    own again); None for any other message."""
    try:
        message = wire.parse(body)
    except ValueError:
        return None
    at = message.get('at')
    return at if len(message) == 1 and type(at) is int else None


class _Costly(Exception):
    """A reply that would cost more to parse than MAX_PARSING allows."""


class ChildGone(Exception):
    """The child stopped answering; `reason` says how, in words for the student."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class StudentProcess:
    """One student file in a child of its own: a new one, or one `spares` started
    ahead (which it hands back to be cleared away when it is done). With `memo`, big
    replies and long batches of calls are worked out once for all of its owner's
    children (see `wire_memo`). Use as a context manager."""

    def __init__(self, limits: Limits, isolation: Isolation, spares: Spares | None = None,
                 memo: WireMemo | None = None, another: bool = True) -> None:
        self.limits = limits
        self.isolation = isolation
        self.gone: str | None = None
        self.overran = False  # stopped at the file's time limit
        self.output_dropped = 0
        # the most computing one call took, in seconds (None where it cannot be read)
        self.slowest_call: float | None = None
        self._budget = limits.file_seconds  # spent only while waiting on the child
        self._request_ends = 0.0
        self._cpu_allowed = 0.0
        self._cpu_from: float | None = None
        self._cpu_from_at = 0.0  # when it was read
        self._looked = False  # at the child's CPU time, during this request
        # into a request: later for one of many calls, which takes longer (see `call`)
        self._first_look = FIRST_LOOK_SECONDS
        self._computed: float | None = None  # CPU seconds the last request took
        self._reply_key: bytes | None = None  # the last reply's digest, when it was big
        self._reply_bytes = 0  # and its length
        self._at = -1  # the carried cell the child last said it runs, while it loads
        # how many lines of the student's file each call of the last batch ran, and
        # how many different boards its names held, when it was asked (see `call`);
        # None when it was not, or could not be read
        self.lines_run: list[int] | None = None
        self.boards_seen: list[int] | None = None
        # what it was asked to load (see `twin`)
        self._load: tuple[str, str, dict[str, str], dict[str, str] | None,
                          Sequence[tuple[int, int]], Sequence[int]] | None = None
        self._most = MAX_MESSAGE + PRINTED_BYTES * limits.output_kb * 1024  # in a reply
        self._allowance = 0  # bytes more for the reply to the request under way
        self._memo = memo
        self._spares = spares
        self._channel = spares.take(another) if spares else open_channel(limits, isolation)

    @property
    def _child(self) -> Launched:
        return self._channel.child

    def __enter__(self) -> StudentProcess:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # -- requests ----------------------------------------------------------
    def load(self, source: str, filename: str, modules: dict[str, str],
             own: dict[str, str] | None = None,
             cells: Sequence[tuple[int, int]] = (), carried: Sequence[int] = ()) -> Loaded:
        """Load the student's file; `modules` are the kit's (the game file), `own` the
        student's other files it imports, which run as part of loading. With `cells`
        (a notebook's, as line ranges), each runs on its own, as in Jupyter: a cell
        that fails does not stop the next. The cells `carried` from other sections
        (their places in `cells`) each run on a short time of their own, and one that
        fails or runs out of time is left out (see the child's `_run_cells`); one that
        stops the whole program is left out of a fresh child, loaded again."""
        self._load = (source, filename, modules, own, cells, carried)
        settings = self.limits.for_child()
        timing = {key: settings[key] for key in TIMING}  # this file's (see `together`)
        seconds = float(settings['load_seconds'])
        spare = {'each': min(CARRIED_SECONDS, seconds),
                 'total': min(CARRIED_TOTAL, seconds)} if carried else {}
        skip: list[int] = []
        stopped: list[LeftOut] = []  # carried cells that stopped the program
        while True:
            self._at = -1
            try:
                reply = self._exchange({'op': 'load', 'source': source, 'filename': filename,
                                        'modules': modules, 'own': own or {},
                                        'cells': [list(cell) for cell in cells],
                                        'carried': list(carried), 'skip': skip,
                                        'carried_limits': spare, 'limits': timing},
                                       seconds + spare.get('total', 0.0), progress=True)
            except ChildGone as gone:
                at = self._at
                if at in carried and at not in skip and len(skip) < MAX_STOPPED_CARRIED:
                    # one that ignored its clock ran out of time, as any carried cell may
                    stopped.append(LeftOut(at, TimedOut(spare['each']) if self.overran
                                           else Died(gone.reason)))
                    skip.append(at)
                    self._fresh_child()
                    continue
                return Loaded(error=Died(gone.reason), left_out=tuple(stopped))
            break
        self._output(reply)  # what loading printed counts only towards what was dropped
        try:
            loaded = loaded_in(reply, self.limits.for_child())
        except READING_FAILED:  # a forged reply: the student's failure, never ours
            loaded = None
        if loaded is None:
            self._stop('its answers could not be read')
            return Loaded(error=Died(self.gone or ''), left_out=tuple(stopped))
        left = tuple(sorted(stopped + [o for o in loaded.left_out if o.place in carried],
                            key=lambda o: o.place))
        return replace(loaded, left_out=left)

    def twin(self) -> StudentProcess:
        """A new child of its own holding this file, loaded as this one was and asked
        nothing else; the caller closes it."""
        twin = StudentProcess(self.limits, self.isolation, memo=self._memo)
        if self._load is not None:
            try:
                twin.load(*self._load)
            except BaseException:
                twin.close()
                raise
        return twin

    def _fresh_child(self) -> None:
        """Go on in a new child, as this file's was killed while loading: it is started
        as the old one was, and this file's time goes on where it was."""
        old = self._channel
        limits = self._spares.limits if self._spares is not None else self.limits
        self._channel = open_channel(limits, self.isolation)
        if self._spares is not None:
            self._spares.retire(old)
        else:
            old.close()
        self.gone, self.overran = None, False

    def call(self, name: str, args: Sequence[Sequence[Any]],
             patch: dict[str, Any] | None = None, count_lines: bool = False) -> Answers:
        """Call `name` once per argument list (with the game's rules `patch` swaps in);
        what each call came to, and what it printed meanwhile. With `count_lines`, each
        call is traced, and `lines_run` says how many lines of the student's file it
        ran, `boards_seen` how many boards it held (tracing slows a call down several
        times)."""
        self.lines_run = self.boards_seen = None
        if self.gone is not None:
            return Answers(None, [Died(self.gone)] * len(args), '')
        request: dict[str, Any] = {'op': 'call', 'name': name, 'patch': patch,
                                   **arguments(args, self._memo.sent if self._memo else None)}
        if count_lines:
            request['count_lines'] = True
        try:
            self._first_look = min(FIRST_LOOK_SECONDS * max(len(args), 1), POLL_SECONDS)
            # a separator between answers (see `wire.all_strings_out`): a reply that fit
            # in the limit as answers of one width still fits
            self._allowance = len(args)
            try:
                reply = self._exchange(request, self.limits.call_seconds * len(args))
            finally:
                self._first_look, self._allowance = FIRST_LOOK_SECONDS, 0
            if self._computed is not None and args:
                self.slowest_call = max(self.slowest_call or 0.0, self._computed / len(args))
        except ChildGone as gone:
            if self.overran and len(args) == 1:  # it ignored its clock: still a timeout
                return Answers(None, [TimedOut(self.limits.call_seconds)], '')
            return Answers(None, [Died(gone.reason)] * len(args), '')
        counted, boards = reply.get('lines_run'), reply.get('boards_seen')
        if count_lines and all(isinstance(c, list) and len(c) <= len(args) and
                               all(type(n) is int and n >= 0 for n in c)
                               for c in (counted, boards)):
            self.lines_run, self.boards_seen = counted, boards
        # the same big reply to as many calls under the same limit reads the same
        key = (self._reply_key, len(args), self.limits.call_seconds) \
            if self._reply_key and self._memo else None
        known = self._memo.answers(key) if self._memo and key else None
        if known is not None:  # the same bytes, output too: what it printed is the same,
            printed = self._output(reply)  # unless this file keeps less of it
            return known if known.printed == printed else replace(known, printed=printed)
        try:
            answers = answers_in(reply, len(args), self.limits.call_seconds, key)
        except READING_FAILED:  # a forged reply: the student's failure, never ours
            answers = None
        if answers is None:
            self._stop('its answers could not be read')
            return Answers(None, [Died(self.gone or '')] * len(args), '')
        answers = replace(answers, printed=self._output(reply))
        if self._memo and key:
            return self._memo.keep_answers(key, answers, self._reply_bytes)
        return answers

    def lines(self, name: str, args: Sequence[Sequence[Any]]) -> list[frozenset[int]]:
        """The lines of the student's file each call runs, traced in the child: one set
        per call that finished in time, in order (fewer than asked after a timeout,
        none when the child could not say). Tracing slows calls down several times:
        ask for a few. It is a courtesy for a hint, never part of a verdict."""
        if self.gone is not None:
            return []
        try:
            reply = self._exchange({'op': 'lines', 'name': name, 'args': args},
                                   self.limits.call_seconds * len(args))
        except ChildGone:
            return []
        ran = reply.get('lines')
        if not isinstance(ran, list):
            return []
        return [frozenset(line for line in seen[:MAX_LINES] if type(line) is int)
                if isinstance(seen, list) else frozenset() for seen in ran[:len(args)]]

    def close(self) -> None:
        if self._spares is not None:
            self._spares.retire(self._channel)
        else:
            self._channel.close()

    # -- the wire ----------------------------------------------------------
    def _exchange(self, message: dict[str, Any], seconds: float, progress: bool = False
                  ) -> dict[str, Any]:
        """`_send_and_read`, with what the child computed meanwhile in `_computed`
        (measured while the child has this one request to answer).
        Only an answer slow to come is measured: the first look at the child's CPU time,
        FIRST_LOOK_SECONDS in per call asked (see `_wait`), starts the count, and the
        moments before it count as computing. An answer that comes before that look, as
        nearly all do, costs no reading of /proc."""
        self._computed = None
        started = time.monotonic()
        reply = self._send_and_read(message, seconds, progress)
        if self._cpu_from is not None:
            after = cpu_seconds(self._child.pid)
            if after is not None:
                self._computed = after - self._cpu_from + (self._cpu_from_at - started)
        return reply

    def _send_and_read(self, message: dict[str, Any], seconds: float, progress: bool = False
                       ) -> dict[str, Any]:
        """Send a request and read the reply. `seconds` is what the child's own clock
        lets it compute; a child that computes past that and a grace, or waits past
        WAITING times it and a grace, ignored its clock and is stopped. With
        `progress`, the child may say which carried cell it runs before it replies
        (`{'at': place}`, kept in `_at`)."""
        if self.gone is not None:
            raise ChildGone(self.gone)
        self._reply_key = None
        self._request_ends = time.monotonic() + seconds * WAITING + GRACE_SECONDS
        self._cpu_allowed = seconds + CPU_GRACE_SECONDS
        self._cpu_from = None  # read when the answer is slow to come: most come at once
        self._looked = False
        try:
            wire.send(self._write, as_held(message, self._child, self.isolation))
            body = self._body()
            told = 0  # a child says which carried cell it runs once or twice per cell
            while progress and len(body) <= AT_BYTES and (at := _at(body)) is not None:
                told += 1
                if told > 2 * len(message.get('cells', ())) + 2:
                    raise wire.Unreadable('more progress than it has cells')
                self._at = at
                body = self._body()
            cost = parsing_cost(body, wire.RAW_KEYS)
            if cost > MAX_PARSING:  # counted before it is parsed
                raise _Costly()
            key = self._reply_key = wire_memo.digest(body) if self._memo else None
            self._reply_bytes = len(body)
            if key is None or self._memo is None:
                return wire.parse(body)
            return self._memo.parse(key, body, cost)
        except wire.TooLarge:
            self._stop(self._death_reason() or f'its answers were too large to read (over '
                       f'{self._most // 1024 // 1024} MiB)')
            raise ChildGone(self.gone or '') from None
        except _Costly:
            self._stop(self._death_reason() or 'its answers held far too many values to read')
            raise ChildGone(self.gone or '') from None
        except wire.Unreadable:
            self._stop(self._death_reason() or 'its answers could not be read')
            raise ChildGone(self.gone or '') from None
        except (OSError, ValueError, RecursionError) as exc:
            self._stop(self._death_reason() or f'its answers could not be read ({exc})')
            raise ChildGone(self.gone or '') from None
        except ChildGone as gone:
            # stopped at the file's limit: that is the reason, not the kill that followed
            self._stop(gone.reason if self.overran else self._death_reason() or gone.reason)
            raise ChildGone(self.gone or '') from None

    def _body(self) -> bytes:
        body = wire.receive_body(self._read, self._most + self._allowance)
        if body is None:  # `_read` raises first, saying how the child ended
            raise ChildGone('the process ended unexpectedly')
        return body

    def _write(self, view: memoryview) -> int:
        """What of `view` went into the pipe: at once while it has room, as for nearly
        every request, else once the child has read some (or its deadline stops it)."""
        channel = self._channel
        if channel.pump is not None:  # nothing can wait on the pipe: a watchdog instead
            left = max(min(self._budget, self._request_ends - time.monotonic()), 0.0)
            return watched(lambda: os.write(channel.to_child, view), left, self._kill)
        if channel.blocking:
            self._wait(channel.to_child, writing=True)
            return os.write(channel.to_child, view)
        try:
            return os.write(channel.to_child, view)
        except BlockingIOError:
            self._wait(channel.to_child, writing=True)
            return 0  # `wire.send` writes again

    def _read(self, size: int) -> bytes:
        """Up to `size` bytes of the child's message. A read for the header takes what
        came after it too, kept for the body: one wait and one read where a reply
        came whole."""
        channel = self._channel
        if channel.unread:
            chunk, channel.unread = channel.unread[:size], channel.unread[size:]
            return chunk
        self._wait(channel.from_child, writing=False)
        wanted = min(max(size, READ_AHEAD), 1 << 20)
        chunk = channel.pump.read(wanted) if channel.pump is not None else \
            os.read(channel.from_child, wanted)
        if not chunk:
            raise ChildGone(self._death_reason() or 'the process ended unexpectedly')
        if len(chunk) > size:
            chunk, channel.unread = chunk[:size], chunk[size:]
        return chunk

    def _wait(self, fd: int, writing: bool) -> None:
        """Wait for the child, from the file's budget: the grader's own work between
        requests (checks, shrinking, diagnosis) is never charged to the student."""
        while True:
            started = time.monotonic()
            left = max(min(self._budget, self._request_ends - started), 0)
            poll = POLL_SECONDS if self._looked else self._first_look
            pump = self._channel.pump
            if pump is not None and not writing:
                ready = pump.wait(min(left, poll))
            else:
                ready = bool(select.select([], [fd], [], min(left, poll))[1] if writing
                             else select.select([fd], [], [], min(left, poll))[0])
            self._budget -= time.monotonic() - started
            if ready:
                return
            if left <= poll or self._computed_too_long():
                break
        self.overran = True
        self._kill()
        if self._budget <= 0:
            raise ChildGone(f'stopped: the whole file ran past its limit of '
                            f'{self.limits.file_seconds:g} s')
        raise ChildGone('stopped: a call ran past its time limit and did not stop when '
                        'told to')

    def _computed_too_long(self) -> bool:
        """Whether the child has computed for longer than the request allows, counted
        from the first look (what it computed before that is given to it)."""
        self._looked = True
        now = cpu_seconds(self._child.pid)
        if now is None:
            return False
        if self._cpu_from is None:
            self._cpu_from, self._cpu_from_at = now, time.monotonic()
        return now - self._cpu_from > self._cpu_allowed

    # -- endings -----------------------------------------------------------
    def _death_reason(self) -> str | None:
        code = self._child.exit_code(0.2)
        if code is None:
            return None
        if code < 0:
            name = signal.Signals(-code).name
            killers = (getattr(signal, 'SIGKILL', None), getattr(signal, 'SIGXCPU', None))
            if -code in killers and self.isolation.memory_bound:
                return f'the process was killed ({name}), perhaps for using too much memory'
            return f'the process was killed by {name}'
        if code == BROKE_DOWN:
            return 'the process broke down while answering, perhaps out of memory'
        return f'the process exited with code {code} (did it call exit()?)'

    def _stop(self, reason: str) -> None:
        self.gone = reason
        self._kill()

    def _kill(self) -> None:
        self._child.kill()

    def _output(self, reply: dict[str, Any]) -> str:
        output = reply.get('output') or {}
        if not isinstance(output, dict):
            return ''
        dropped = output.get('dropped', 0)
        self.output_dropped += min(max(dropped, 0), MAX_DROPPED) if type(dropped) is int else 0
        return str(output.get('text', ''))[:self.limits.output_kb * 1024]
