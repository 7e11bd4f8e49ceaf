"""Grading a whole class: find the students, grade them on workers, keep the records.

What comes out is a `Batch` (see `records`), which the renderers in
`autograder.render` turn into the gradebooks and pages; neither imports the other.
"""
from __future__ import annotations

from autograder.classroom.batch import grade_class
from autograder.classroom.layouts import LAYOUTS, find_students
from autograder.records import Batch, Found, Graded, Student

__all__ = ['Batch', 'Found', 'Graded', 'LAYOUTS', 'Student', 'find_students', 'grade_class']
