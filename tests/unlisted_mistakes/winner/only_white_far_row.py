from hexapawn import moves


def winner(board, side):
    if 'W' in board[:3]:
        return 'W'
    if moves(board, side) == []:
        return 'W' if side == 'B' else 'B'
    return ''
