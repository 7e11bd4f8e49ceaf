def winner(board, side):
    if 'W' in board[0:3]:
        return 'W'
    if 'B' in board[6:9]:
        return 'B'
    if side == 'W':
        step, enemy, other = -3, 'B', 'B'
    else:
        step, enemy, other = 3, 'W', 'W'
    for sq in range(9):
        to = sq + step
        if board[sq] == side and 0 <= to <= 8:
            if board[to] == '.':
                return ''
            if sq // 3 > 0 and board[to - 1] == enemy:
                return ''
            if sq // 3 < 2 and board[to + 1] == enemy:
                return ''
    return other
