"""A description of where a function goes wrong, as data and as the words a student reads."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Description:
    """`wrong` is the set of inputs (a bit mask over the exercise's whole domain, in its
    order) where the function is wrong; `described` is the set the words pick out. They
    are the same set when the description is exact."""

    text: str
    wrong: int
    described: int
    total: int
    # False when all it says is "wrong on every input, giving back X": a hint about X
    # already says that much
    telling: bool = True
    # True when it says what form the returned value has (text, the boxes themselves):
    # it then stands in for the hint about the value's form
    about_form: bool = False

    @property
    def exact(self) -> bool:
        return self.wrong == self.described
