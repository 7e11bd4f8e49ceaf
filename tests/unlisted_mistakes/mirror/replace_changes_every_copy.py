def mirror(board):
    result = board
    for start in range(0, 9, 3):
        row = board[start:start + 3]
        result = result.replace(row, row[::-1])
    return result
