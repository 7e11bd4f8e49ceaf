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
        if side == 'B' and len(moves(board, 'B')) > 0:
            if use_mirror:
                boxes.add(min(board, mirror(board)))
            else:
                boxes.add(board)
        if has_lost(board, side):
            continue
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    return [len(boxes), sum(len(moves(box, 'B')) for box in boxes)]
