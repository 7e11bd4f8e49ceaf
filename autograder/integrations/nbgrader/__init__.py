"""hexgrade for nbgrader users, in both directions.

- `course`: write a ready nbgrader course whose grading cells use our checks
  (`hexgrade nbgrader COURSE`), made of `notebook`, `answers` and `settings`;
- `cell`: what those grading cells run inside the student's kernel;
- `gradebook`: scores from `hexgrade grade` written into nbgrader's gradebook
  (`hexgrade grade ... --to-gradebook COURSE`).

Only `gradebook` needs nbgrader itself, and imports it when it is used.
"""
from __future__ import annotations

from autograder.integrations.nbgrader.course import write_course
from autograder.integrations.nbgrader.gradebook import write_gradebook

__all__ = ['write_course', 'write_gradebook']
