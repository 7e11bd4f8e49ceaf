# Model answer for ★★ winner.

from hexapawn import moves


def winner(board, side):
    if side == 'W':
        enemy = 'B'
    else:
        enemy = 'W'
    # a pawn on its far row: White's is the top row, Black's the bottom row
    if 'W' in board[0:3]:
        return 'W'
    if 'B' in board[6:9]:
        return 'B'
    # no pawns left, or no move to make: the player to move has lost
    if len(moves(board, side)) == 0:
        return enemy
    return ''
