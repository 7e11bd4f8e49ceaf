def mirror(board):
    new = ''
    for start in range(0, 9, 3):
        row = board[start:start + 3]
        new = new + row[1] + row[0] + row[2]
    return new
