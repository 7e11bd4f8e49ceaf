def mirror(board):
    squares = ['.'] * 9
    for square in board:
        place = board.index(square)
        row = place // 3
        column = place % 3
        squares[row * 3 + 2 - column] = square
    return ''.join(squares)
