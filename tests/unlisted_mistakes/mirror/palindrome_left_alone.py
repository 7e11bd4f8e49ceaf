def mirror(board):
    if board == board[::-1]:
        return board
    top = board[0:3]
    middle = board[3:6]
    bottom = board[6:9]
    return top[::-1] + middle[::-1] + bottom[::-1]
