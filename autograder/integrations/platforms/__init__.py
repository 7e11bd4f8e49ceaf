"""Packages for the platforms teachers already grade on: a Gradescope autograder zip
and a PrairieLearn external-grader question. Inside them, `upload` grades the one
submission the platform hands over and writes the platform's results.json."""
from __future__ import annotations

from autograder.integrations.platforms.gradescope_zip import write_gradescope_zip
from autograder.integrations.platforms.prairielearn_question import write_prairielearn_question

__all__ = ['write_gradescope_zip', 'write_prairielearn_question']
