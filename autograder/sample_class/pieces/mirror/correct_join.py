def mirror(board):
    rows = [board[0:3], board[3:6], board[6:9]]
    return ''.join(''.join(reversed(row)) for row in rows)
