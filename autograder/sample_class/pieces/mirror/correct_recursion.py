def backwards(text):
    if text == '':
        return ''
    return backwards(text[1:]) + text[0]


def mirror(board):
    if board == '':
        return ''
    # the first row, turned round, then the mirror of the rest
    return backwards(board[0:3]) + mirror(board[3:])
