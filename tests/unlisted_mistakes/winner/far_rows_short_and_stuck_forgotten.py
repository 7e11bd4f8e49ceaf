def winner(board, side):
    if 'W' in board[0:2]:
        return 'W'
    if 'B' in board[6:8]:
        return 'B'
    if 'W' not in board:
        return 'B'
    if 'B' not in board:
        return 'W'
    return ''
