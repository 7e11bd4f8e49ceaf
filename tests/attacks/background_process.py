"""Resources: leave processes behind: a command started in the background, and a
daemon that forks twice and calls setsid to leave the process group."""
import os
import subprocess
import time

from hexapawn import moves

try:
    subprocess.Popen(['sleep', '300'])
except OSError:
    pass

try:
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(300)
        os._exit(0)
except OSError:
    pass


def winner(board, side):
    if 'W' in board[0:3]:
        return 'W'
    if 'B' in board[6:9]:
        return 'B'
    if not moves(board, side):
        return 'B' if side == 'W' else 'W'
    return ''
