"""Resources: crash the interpreter itself (read address 0 through ctypes)."""
import ctypes


def mirror(board):
    return ctypes.string_at(0)
