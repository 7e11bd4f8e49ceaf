"""`python -m autograder` is the same program as `hexgrade`."""
from .cli import run

run()
