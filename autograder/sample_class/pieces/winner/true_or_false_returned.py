from hexapawn import moves


def winner(board, side):
    # is the game over?
    return 'W' in board[0:3] or 'B' in board[6:9] or len(moves(board, side)) == 0
