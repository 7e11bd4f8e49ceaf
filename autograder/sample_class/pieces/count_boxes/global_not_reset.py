def moves(board, side):
    """Every move (from, to) that side ('W' or 'B') can make on board."""
    found = []
    if side == 'W':
        step, enemy = -3, 'B'
    else:
        step, enemy = 3, 'W'
    for sq in range(9):
        to = sq + step
        if board[sq] == side and 0 <= to <= 8:
            if board[to] == '.':
                found.append((sq, to))
            if sq % 3 > 0 and board[to - 1] == enemy:
                found.append((sq, to - 1))
            if sq % 3 < 2 and board[to + 1] == enemy:
                found.append((sq, to + 1))
    return found


def play(board, move):
    """The board after the move."""
    start, end = move
    squares = list(board)
    squares[end] = squares[start]
    squares[start] = '.'
    return ''.join(squares)


def has_lost(board, side):
    """True if side, whose turn it is, has lost already."""
    if side == 'W' and 'B' in board[6:9]:
        return True
    if side == 'B' and 'W' in board[0:3]:
        return True
    return len(moves(board, side)) == 0


def mirror(board):
    """The board seen in a mirror."""
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
boxes = {}      # HER's boxes, as in the lesson: position -> beads


def count_boxes(use_mirror):
    seen = set()
    waiting = [('BBB...WWW', 'W')]
    while waiting:
        board, side = waiting.pop()
        if (board, side) in seen:
            continue
        seen.add((board, side))
        if has_lost(board, side):
            continue
        if side == 'B':
            box = board
            if use_mirror and mirror(board) < board:
                box = mirror(board)
            boxes[box] = moves(box, 'B')
            other = 'W'
        else:
            other = 'B'
        for move in moves(board, side):
            waiting.append((play(board, move), other))
    beads = 0
    for box in boxes:
        beads = beads + len(boxes[box])
    return [len(boxes), beads]
