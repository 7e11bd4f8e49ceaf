from hexapawn import START, has_lost, mirror, moves, play


def count_boxes(use_mirror):
    boxes = {START}
    seen = set()
    todo = [(START, 'W')]
    while todo:
        board, side = todo.pop(0)
        if (board, side) in seen or has_lost(board, side):
            continue
        seen.add((board, side))
        if side == 'B':
            boxes.add(min(board, mirror(board)) if use_mirror else board)
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    return [len(boxes), sum(len(moves(box, 'B')) for box in boxes)]
