from hexapawn import moves


def winner(board, side):
    # the game is over when a pawn reached the far row or side cannot move
    if 'W' in board[0:3] or 'B' in board[6:9] or len(moves(board, side)) == 0:
        return side
    return ''
