"""`python -m autograder` is the same program as `hexgrade`."""
from autograder.cli import run

run()
