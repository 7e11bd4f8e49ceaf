from hexapawn import moves

FAR_ROW = {'W': [0, 1, 2], 'B': [6, 7, 8]}
ENEMY = {'W': 'B', 'B': 'W'}


def winner(board, side):
    for player in ['W', 'B']:
        for square in FAR_ROW[player]:
            if board[square] == player:
                return player
    if not moves(board, side):
        return ENEMY[side]
    return ''
