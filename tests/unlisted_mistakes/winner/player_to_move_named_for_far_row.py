from hexapawn import moves


def winner(board, side):
    if len(moves(board, side)) == 0:
        if side == 'W':
            return 'B'
        return 'W'
    if 'W' in board[0:3]:
        return side
    if 'B' in board[6:9]:
        return side
    return ''
