rows = []


def mirror(board):
    for start in range(0, 9, 3):
        rows.append(board[start:start + 3][::-1])
    return rows[0] + rows[1] + rows[2]
