from hexapawn import moves


def winner(board, side):
    enemy = 'B' if side == 'W' else 'W'
    if 'W' in board[0:3]:
        return 'W'
    if 'B' in board[6:9]:
        return 'B'
    # pawns left, but none of them can move
    if side in board and len(moves(board, side)) == 0:
        return enemy
    return ''
