def mirror(board):
    top = board[0:3]
    middle = board[3:6]
    bottom = board[6:9]
    print(top[::-1] + middle[::-1] + bottom[::-1])


mirror('BB..W.W.W')
