"""Kernel state shared between students, the other end: look for the shared memory,
semaphore and message queue an earlier student (shared_memory.py) left, by their
key. The answers are right only when none of them is there to be found."""
import ctypes

KEY = 0x68657867
libc = ctypes.CDLL(None, use_errno=True)
found = [kind for kind, there in (('shm', libc.shmget(KEY, 0, 0) != -1),
                                  ('sem', libc.semget(KEY, 0, 0) != -1),
                                  ('msg', libc.msgget(KEY, 0) != -1)) if there]


def mirror(board):
    if found:
        return 'found what another student left: ' + ', '.join(found)
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
