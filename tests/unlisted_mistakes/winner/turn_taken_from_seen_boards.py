from hexapawn import moves

seen = []


def winner(board, side):
    seen.append(board)
    if len(seen) % 2 == 1:
        turn = 'W'
    else:
        turn = 'B'
    if 'W' in board[0:3]:
        return 'W'
    if 'B' in board[6:9]:
        return 'B'
    if len(moves(board, turn)) == 0:
        if turn == 'W':
            return 'B'
        return 'W'
    return ''
