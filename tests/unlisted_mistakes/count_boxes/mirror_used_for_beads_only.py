from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    boxes = set()
    named = set()
    seen = set()
    todo = [('BBB...WWW', 'W')]
    while todo:
        board, side = todo.pop()
        if (board, side) in seen:
            continue
        seen.add((board, side))
        if has_lost(board, side):
            continue
        if side == 'B':
            boxes.add(board)
            named.add(min(board, mirror(board)) if use_mirror else board)
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    beads = 0
    for box in named:
        beads = beads + len(moves(box, 'B'))
    return [len(boxes), beads]
