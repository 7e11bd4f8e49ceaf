"""Resources: print far more than anyone will read."""
print('x' * 5_000_000)


def mirror(board):
    print(board * 1000)
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
