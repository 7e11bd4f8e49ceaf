def mirror(board):
    top = board[0:3:-1]
    middle = board[3:6:-1]
    bottom = board[6:9:-1]
    return top + middle + bottom
