def mirror(board):
    # in a mirror White sees itself as Black
    return board.replace('W', 'x').replace('B', 'W').replace('x', 'B')
