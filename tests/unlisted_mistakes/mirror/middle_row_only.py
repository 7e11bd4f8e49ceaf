def mirror(board):
    top = board[0:3]
    middle = board[3:6]
    bottom = board[6:9]
    return top + middle[::-1] + bottom
