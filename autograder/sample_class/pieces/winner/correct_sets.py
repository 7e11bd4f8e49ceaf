from hexapawn import moves


def winner(board, side):
    enemy = ({'W', 'B'} - {side}).pop()
    if 'W' in set(board[0:3]):
        return 'W'
    if 'B' in set(board[6:9]):
        return 'B'
    if set(moves(board, side)) == set():
        return enemy
    return ''
