from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    # every position Black can face, in a game not yet over
    boxes = []
    waiting = [('BBB...WWW', 'W')]
    while waiting:
        board, side = waiting.pop()
        if has_lost(board, side):
            continue
        if side == 'B':
            if use_mirror and mirror(board) < board:
                board = mirror(board)
            if board not in boxes:
                boxes.append(board)
            other = 'W'
        else:
            other = 'B'
        for move in moves(board, side):
            waiting.append((play(board, move), other))
    return [0, 0]
