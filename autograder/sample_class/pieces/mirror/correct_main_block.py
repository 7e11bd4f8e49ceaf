def mirror(board):
    squares = list(board)
    for start in (0, 3, 6):
        squares[start], squares[start + 2] = squares[start + 2], squares[start]
    return ''.join(squares)


if __name__ == '__main__':
    print(mirror('BB..W.W.W'))
    print(mirror(mirror('BB..W.W.W')) == 'BB..W.W.W')
