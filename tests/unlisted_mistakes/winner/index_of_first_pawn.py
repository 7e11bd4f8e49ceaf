from hexapawn import moves


def winner(board, side):
    if board.index('W') < 3:      # the first white pawn is on the top row
        return 'W'
    if board.rindex('B') > 5:     # the last black pawn is on the bottom row
        return 'B'
    if not moves(board, side):
        return 'B' if side == 'W' else 'W'
    return ''
