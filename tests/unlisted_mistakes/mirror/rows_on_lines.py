def mirror(board):
    rows = [board[0:3], board[3:6], board[6:9]]
    return '\n'.join(row[::-1] for row in rows)
