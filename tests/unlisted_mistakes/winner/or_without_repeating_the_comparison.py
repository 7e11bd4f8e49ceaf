from hexapawn import moves


def winner(board, side):
    if board[0] == 'W' or board[1] or board[2]:
        return 'W'
    if board[6] == 'B' or board[7] or board[8]:
        return 'B'
    if len(moves(board, side)) == 0:
        if side == 'W':
            return 'B'
        return 'W'
    return ''
