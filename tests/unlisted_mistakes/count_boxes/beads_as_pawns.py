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
            boxes.add(min(board, mirror(board)) if use_mirror else board)
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    # one bead for each black pawn in the box
    return [len(boxes), sum(box.count('B') for box in boxes)]
