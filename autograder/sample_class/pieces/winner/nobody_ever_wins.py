def winner(board, side):
    # a pawn on the far row has won
    for square in range(3):
        if board[square] == 'w':
            return 'W'
    for square in range(6, 9):
        if board[square] == 'b':
            return 'B'
    return ''
