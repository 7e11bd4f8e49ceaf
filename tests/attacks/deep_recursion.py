"""Resources: recursion without end."""


def mirror(board):
    return mirror(board + '')
