from hexapawn import moves


def winner(board, side):
    if side == 'W':
        enemy = 'B'
    else:
        enemy = 'W'
    if 'W' in board[0:3]:
        return 'W'
    if 'B' in board[6:9]:
        return 'B'
    # the enemy is stuck, so side wins
    if len(moves(board, enemy)) == 0:
        return side
    return ''
