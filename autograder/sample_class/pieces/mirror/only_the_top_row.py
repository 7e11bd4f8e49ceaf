def mirror(board):
    # turn the row round, keep the rest
    return board[0:3][::-1] + board[3:]
