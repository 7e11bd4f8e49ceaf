def mirror(board):
    result = ''
    for column in range(3):
        for row in range(3):
            result = result + board[row * 3 + column]
    return result
