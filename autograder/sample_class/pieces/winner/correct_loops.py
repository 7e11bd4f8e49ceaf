def can_move(board, side):
    # look at every pawn of side: can it step forward or take?
    if side == 'W':
        step = -3
        enemy = 'B'
    else:
        step = 3
        enemy = 'W'
    for square in range(9):
        if board[square] != side:
            continue
        ahead = square + step
        if ahead < 0 or ahead > 8:
            continue
        if board[ahead] == '.':
            return True
        if square % 3 > 0 and board[ahead - 1] == enemy:
            return True
        if square % 3 < 2 and board[ahead + 1] == enemy:
            return True
    return False


def winner(board, side):
    for square in range(3):
        if board[square] == 'W':
            return 'W'
    for square in range(6, 9):
        if board[square] == 'B':
            return 'B'
    if not can_move(board, side):
        if side == 'W':
            return 'B'
        return 'W'
    return ''
