def winner(board, side):
    if 'W' in board[0:3]:
        return 'W'
    if 'B' in board[6:9]:
        return 'B'
    # all the pawns of one colour taken
    if 'W' not in board:
        return 'B'
    if 'B' not in board:
        return 'W'
    return ''
