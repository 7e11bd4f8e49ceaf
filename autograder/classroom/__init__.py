"""Grading a whole class: find the students, grade them on workers, keep the records.

What comes out is a `Batch` (see `class_results`), which the renderers in
`autograder.render` turn into the gradebooks and pages; neither imports the other.
"""
from __future__ import annotations

from ..class_results import Batch, Graded
from ..students import Found, Student
from .batch import grade_class
from .layouts import LAYOUTS, find_students

__all__ = ['Batch', 'Found', 'Graded', 'LAYOUTS', 'Student', 'find_students', 'grade_class']
