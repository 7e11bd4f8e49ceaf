from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    print('counting, use_mirror =', use_mirror)
    boxes = []
    seen = []
    todo = [('BBB...WWW', 'W')]
    while len(todo) > 0:
        board, side = todo.pop()
        if (board, side) in seen:
            continue
        seen.append((board, side))
        if has_lost(board, side):
            continue
        if side == 'B':
            name = board
            if use_mirror and mirror(board) < board:
                name = mirror(board)
            if name not in boxes:
                boxes.append(name)
                print('new box', len(boxes), name)
            nxt = 'W'
        else:
            nxt = 'B'
        for move in moves(board, side):
            todo.append((play(board, move), nxt))
    beads = 0
    for box in boxes:
        beads += len(moves(box, 'B'))
    print('done:', len(boxes), 'boxes', beads, 'beads')
    return [len(boxes), beads]
