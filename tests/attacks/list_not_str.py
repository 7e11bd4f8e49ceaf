"""Values: a list of the squares where a string is expected."""


def mirror(board):
    return list(board[2::-1] + board[5:2:-1] + board[8:5:-1])
