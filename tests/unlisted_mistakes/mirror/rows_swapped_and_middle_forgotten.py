def mirror(board):
    # the bottom row goes to the top, reversed, and the top row to the bottom
    return board[8:5:-1] + board[3:6] + board[2::-1]
