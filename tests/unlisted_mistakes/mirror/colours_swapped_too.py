def mirror(board):
    new = ''
    for start in range(0, 9, 3):
        for square in board[start:start + 3][::-1]:
            if square == 'B':
                new += 'W'
            elif square == 'W':
                new += 'B'
            else:
                new += square
    return new
