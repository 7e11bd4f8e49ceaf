def mirror(board):
    top = board[2:0:-1]
    middle = board[5:3:-1]
    bottom = board[8:6:-1]
    return top + middle + bottom
