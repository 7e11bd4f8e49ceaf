def mirror(board):
    result = board[2::-1] + board[5:2:-1] + board[8:5:-1]
