def mirror(board):
    # a mirror turns things back to front
    return board[::-1]
