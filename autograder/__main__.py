"""`python -m autograder` is the same program as `hexgrade`."""
import sys

from .cli import main

sys.exit(main())
