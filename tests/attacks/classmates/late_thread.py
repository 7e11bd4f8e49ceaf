"""A right mirror whose loading starts a thread that outlives it: a moment later,
once the other files are loaded, it swaps the code of every other winner and
count_boxes in the process for code that answers wrong."""
import gc
import threading
import time


def _wrong_winner(board, side):
    return 'B'


def _wrong_count(use_mirror):
    return [1, 1]


def _swap():
    for _ in range(400):
        time.sleep(0.005)
        for thing in gc.get_objects():
            if type(thing).__name__ == 'function' and \
                    thing.__code__.co_filename != 'mirror.py':
                if thing.__name__ == 'winner':
                    thing.__code__ = _wrong_winner.__code__
                elif thing.__name__ == 'count_boxes':
                    thing.__code__ = _wrong_count.__code__


threading.Thread(target=_swap, daemon=True).start()


def mirror(board):
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
