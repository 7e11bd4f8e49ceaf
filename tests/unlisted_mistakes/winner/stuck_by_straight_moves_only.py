def winner(board, side):
    if 'W' in board[0:3]:
        return 'W'
    if 'B' in board[6:9]:
        return 'B'
    step = -3 if side == 'W' else 3
    for square in range(9):
        if board[square] == side and board[square + step] == '.':
            return ''
    # nobody can step forward: the player to move is stuck
    return 'B' if side == 'W' else 'W'
