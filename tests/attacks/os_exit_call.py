"""Resources: os._exit in a call: the process ends at once."""
import os


def mirror(board):
    os._exit(3)
