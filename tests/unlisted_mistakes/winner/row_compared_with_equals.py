from hexapawn import moves


def winner(board, side):
    if board[0:3] == 'W':
        return 'W'
    if board[6:9] == 'B':
        return 'B'
    if len(moves(board, side)) == 0:
        if side == 'W':
            return 'B'
        return 'W'
    return ''
