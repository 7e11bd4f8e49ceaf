from hexapawn import mirror, moves, play


def count_boxes(use_mirror):
    boxes = set()
    seen = set()
    todo = [('BBB...WWW', 'W')]
    while todo:
        board, side = todo.pop()
        if (board, side) in seen:
            continue
        seen.add((board, side))
        if side == 'B':
            boxes.add(min(board, mirror(board)) if use_mirror else board)
        if 'W' in board[0:3] or 'B' in board[6:9]:
            continue
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    beads = sum(len(moves(box, 'W')) for box in boxes)
    return [len(boxes), beads]
