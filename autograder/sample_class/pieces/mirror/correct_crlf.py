# saved on a computer that ends its lines with CR LF
def mirror(board):
    top = board[0:3]
    middle = board[3:6]
    bottom = board[6:9]
    return top[::-1] + middle[::-1] + bottom[::-1]
