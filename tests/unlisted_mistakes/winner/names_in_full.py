from hexapawn import moves


def winner(board, side):
    if 'W' in board[0:3]:
        return 'White'
    if 'B' in board[6:9]:
        return 'Black'
    if not moves(board, side):
        if side == 'W':
            return 'Black'
        return 'White'
    return ''
