def mirror(board):
    new = ''
    for last in range(2, 9, 2):
        new = new + board[last] + board[last - 1] + board[last - 2]
    return new
