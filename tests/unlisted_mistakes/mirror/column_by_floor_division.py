def mirror(board):
    result = ''
    for sq in range(9):
        row = sq // 3
        column = sq // 3
        result = result + board[row * 3 + 2 - column]
    return result
