def mirror(board):
    return board[2:0:-1] + board[5:2:-1] + board[8:5:-1]
