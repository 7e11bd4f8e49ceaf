def mirror(board):
    new = ''
    for start in range(0, 9, 3):
        row = board[start:start + 3]
        new = new + ''.join(sorted(row, reverse=True))
    return new
