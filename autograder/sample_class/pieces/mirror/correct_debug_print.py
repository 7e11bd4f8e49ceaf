def mirror(board):
    rows = [board[0:3], board[3:6], board[6:9]]
    print(rows)  # to see what is going on
    result = ''
    for row in rows:
        result = result + row[::-1]
    return result
