def mirror(board):
    result = ''
    for i in range(9):
        result += board[i // 3 + 2 - i % 3]
    return result
