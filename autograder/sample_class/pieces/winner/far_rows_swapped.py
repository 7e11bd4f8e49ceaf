from hexapawn import moves


def winner(board, side):
    if side == 'W':
        enemy = 'B'
    else:
        enemy = 'W'
    # a pawn that got to the other side has won
    if 'W' in board[6:9]:
        return 'W'
    if 'B' in board[0:3]:
        return 'B'
    if len(moves(board, side)) == 0:
        return enemy
    return ''
