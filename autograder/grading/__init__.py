"""Grading one submission: each of its exercise files loaded in a child of its own,
and checked in the parent, one after another.

`submission` finds the files and gives each a child (a file several students of a
batch hand in is graded once); `exercise` loads one file and runs its checks;
`steps` is what is worked out after the checks, in order (the known mistake, kept
state, the description, the fingerprint, the flags, the line to look at);
`scoring` turns it all into points and findings; `notes` is what a student reads
beside the checks.
"""
from __future__ import annotations

from autograder.grading.exercise import grade_exercise
from autograder.grading.scoring import shares
from autograder.grading.submission import child_limits, grade_submission

__all__ = ['child_limits', 'grade_exercise', 'grade_submission', 'shares']
