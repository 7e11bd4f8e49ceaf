"""Resources: sys.exit in a call."""
import sys


def mirror(board):
    sys.exit(1)
