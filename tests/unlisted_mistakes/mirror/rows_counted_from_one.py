def mirror(board):
    new = ''
    for start in range(1, 10, 3):
        row = board[start:start + 3]
        new = new + row[::-1]
    return new
