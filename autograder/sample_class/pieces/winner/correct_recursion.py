from hexapawn import moves


def reached(board, pawn, squares):
    # is pawn on one of the squares? look at the first, then at the rest
    if squares == []:
        return False
    if board[squares[0]] == pawn:
        return True
    return reached(board, pawn, squares[1:])


def winner(board, side):
    if reached(board, 'W', [0, 1, 2]):
        return 'W'
    if reached(board, 'B', [6, 7, 8]):
        return 'B'
    if moves(board, side) == []:
        return 'B' if side == 'W' else 'W'
    return ''
