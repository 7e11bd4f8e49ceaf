from hexapawn import has_lost, mirror, moves, play

boxes = 0
beads = 0


def count_boxes(use_mirror):
    global boxes, beads
    seen = set()
    named = set()
    todo = [('BBB...WWW', 'W')]
    while todo:
        board, side = todo.pop()
        if (board, side) in seen or has_lost(board, side):
            continue
        seen.add((board, side))
        name = min(board, mirror(board)) if use_mirror else board
        if side == 'B' and name not in named:
            named.add(name)
            boxes = boxes + 1
            beads = beads + len(moves(name, 'B'))
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    return [boxes, beads]
