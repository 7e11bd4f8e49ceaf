def mirror(board):
    back = reversed(board)
    top = back[6:9]
    middle = back[3:6]
    bottom = back[0:3]
    return top + middle + bottom
