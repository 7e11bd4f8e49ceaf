from hexapawn import has_lost


def winner(board, side):
    if has_lost(board, side):
        if side == 'W':
            return 'b'
        return 'w'
    return ''
