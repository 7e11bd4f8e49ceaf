from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    boxes = set()
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
            if use_mirror:
                boxes.add(min(board, mirror(board)))
            else:
                boxes.add(board)
        for move in moves(board, side):
            todo.append((play(board, move), 'B'))
    return [len(boxes), sum(len(moves(box, 'B')) for box in boxes)]
