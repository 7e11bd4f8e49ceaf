"""Time: a call that sleeps for five minutes."""
import time


def mirror(board):
    time.sleep(300)
    return board
