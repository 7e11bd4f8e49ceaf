from hexapawn import moves


def winner(board, side):
    if board.find('W') < 3:
        return 'W'
    if 'B' in board[6:9]:
        return 'B'
    if len(moves(board, side)) == 0:
        if side == 'W':
            return 'B'
        return 'W'
    return ''
