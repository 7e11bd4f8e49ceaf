from hexapawn import has_lost


def winner(board, side):
    if side == 'W':
        other = 'B'
    else:
        other = 'W'
    if has_lost(board, other):
        return side
    return ''
