def mirror(board):
    squares = list(board)
    result = []
    for start in [0, 3, 6]:
        row = squares[start:start + 3]
        row.reverse()
        result = result + row
    return result
