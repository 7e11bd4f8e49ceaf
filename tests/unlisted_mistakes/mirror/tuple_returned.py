def mirror(board):
    squares = []
    for start in (0, 3, 6):
        squares.extend(reversed(board[start:start + 3]))
    return tuple(squares)
