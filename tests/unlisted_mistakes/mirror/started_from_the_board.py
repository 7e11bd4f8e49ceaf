def mirror(board):
    squares = list(board)
    for i in range(9):
        if board[i] != '.':
            row = i // 3
            column = i % 3
            squares[row * 3 + 2 - column] = board[i]
    return ''.join(squares)
