def mirror(board):
    # the mirror image: the bottom row comes first and the top row last
    top = board[0:3]
    middle = board[3:6]
    bottom = board[6:9]
    return bottom + middle + top
