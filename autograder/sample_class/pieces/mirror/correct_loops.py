def mirror(board):
    result = ''
    for row in range(3):
        for column in range(3):
            # read each row from its right end
            result = result + board[row * 3 + 2 - column]
    return result
