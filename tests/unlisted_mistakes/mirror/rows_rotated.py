def mirror(board):
    new = ''
    for start in (0, 3, 6):
        row = board[start:start + 3]
        new += row[1:] + row[0]
    return new
