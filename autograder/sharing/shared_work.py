"""What gradings may reuse of each other's work: the one place where sharing between
students is decided.

A `SharedWork` belongs to whoever grades: a batch worker makes one as it starts and
drops it as it ends; `hexgrade check` makes one for its one submission. It holds
every memo of the grader, each bounded in bytes (see `memo`), and nothing else: there
is no memo at module level. Every value kept here is a pure function of inputs the
grader holds (its own calls and constants, the settings, the bytes a child sent back),
and each memo's key covers all of them; the argument for each is in the docstring of
the class that makes it:

- `wire` (`sandbox.wire_memo.WireMemo`): big replies parsed and read, by a digest of
  their bytes; long batches of the grader's own calls in their wire form.
- `domains` (`domain_answers.DomainMemo`): facts of whole domains, by the very list;
  a big reply's answers by call, and a domain's values, by digests of what made them.
- `answers` (`answer_memo.AnswerMemos`): descriptions and fingerprints of a whole
  domain's answers, by a digest of those answers.
- `agreed` (`checks.agree`) and `verdicts` (`properties.check_property`): whether the
  same answers passed before, by a digest of them and what they were checked against.
- `examples` (`properties.examples_for`): the inputs Hypothesis draws, by property
  and settings.
- `files` (`graded_files.GradedFiles`): a file's whole record, by everything that was
  loaded in its child, the settings and the grader, for a file handed in by several
  students.

Nothing a student's code does can reach these: it runs in a child, and only the bytes
that child sends back are read here, as data.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from autograder.checking.answer_memo import AnswerMemos
from autograder.checking.domain_answers import DomainMemo
from autograder.sharing.graded_files import GradedFiles
from autograder.sharing.memo import Memo
from autograder.sharing.wire_memo import WireMemo

MIB = 1024 * 1024


def _verdicts() -> Memo[Any]:
    return Memo('verdicts of properties by the answers deciding them', 4 * MIB,
                lambda verdict: 2048)


def _agreed() -> Memo[Any]:
    return Memo('whole domains whose answers agreed with the reference', MIB,
                lambda kept: 128)


def _examples() -> Memo[list[Any]]:
    return Memo("the inputs Hypothesis draws for each property", 8 * MIB,
                lambda drawn: 256 * len(drawn) + 64)


@dataclass
class SharedWork:
    """Every memo one owner keeps; see the module's docstring for what each holds."""

    wire: WireMemo = field(default_factory=WireMemo)
    domains: DomainMemo = field(default_factory=DomainMemo)
    answers: AnswerMemos = field(default_factory=AnswerMemos)
    agreed: Memo[Any] = field(default_factory=_agreed)
    verdicts: Memo[Any] = field(default_factory=_verdicts)
    examples: Memo[list[Any]] = field(default_factory=_examples)
    files: GradedFiles = field(default_factory=GradedFiles)
