"""Grading a whole class: find the students, grade them on workers, keep the records.

What comes out is a `Batch` (see `class_results`), which the renderers in
`autograder.render` turn into the gradebooks and pages; neither imports the other.
"""
from __future__ import annotations

from autograder.class_results import Batch, Graded
from autograder.classroom.batch import grade_class
from autograder.classroom.layouts import LAYOUTS, find_students
from autograder.students import Found, Student

__all__ = ['Batch', 'Found', 'Graded', 'LAYOUTS', 'Student', 'find_students', 'grade_class']
