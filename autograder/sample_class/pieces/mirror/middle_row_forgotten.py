def mirror(board):
    top = board[2] + board[1] + board[0]
    middle = board[3] + board[4] + board[5]
    bottom = board[8] + board[7] + board[6]
    return top + middle + bottom
