"""Grading a whole class: find the students, grade them on workers, keep the records.

The renderers in `autograder.render` turn a `Batch` into the gradebooks and pages.
"""
from __future__ import annotations

from .batch import Batch, Graded, grade_class
from .layouts import LAYOUTS, Found, find_students
from .students import Student

__all__ = ['Batch', 'Found', 'Graded', 'LAYOUTS', 'Student', 'find_students', 'grade_class']
