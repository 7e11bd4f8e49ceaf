from hexapawn import moves


def winner(board, side):
    if 'W' in board[0:2]:
        return 'W'
    if 'B' in board[6:8]:
        return 'B'
    if not moves(board, side):
        if side == 'W':
            return 'B'
        return 'W'
