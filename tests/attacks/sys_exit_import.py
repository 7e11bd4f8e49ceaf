"""Resources: sys.exit at import time."""
import sys

sys.exit(0)


def winner(board, side):
    return ''
