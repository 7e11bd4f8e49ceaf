def mirror(board):
    new = ''
    for start in range(0, 9, 3):
        row = board[start:start + 3]
        if 'W' in row:
            new = new + row[::-1]
        else:
            new = new + row
    return new
