# Model answer for ★ mirror.


def mirror(board):
    top = board[0:3]
    middle = board[3:6]
    bottom = board[6:9]
    # [::-1] reads a string from its end to its start
    return top[::-1] + middle[::-1] + bottom[::-1]
