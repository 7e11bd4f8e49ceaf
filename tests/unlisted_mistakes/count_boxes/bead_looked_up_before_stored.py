from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    beads = {}
    boxes = {}
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
            beads[board] = len(moves(board, 'B'))
            name = board
            if use_mirror:
                name = min(board, mirror(board))
            boxes[name] = beads[name]
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    return [len(boxes), sum(boxes.values())]
