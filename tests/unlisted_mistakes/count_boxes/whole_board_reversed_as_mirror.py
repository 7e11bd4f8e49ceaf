from hexapawn import has_lost, moves, play


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
                boxes.add(min(board, board[::-1]))
            else:
                boxes.add(board)
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    beads = 0
    for box in boxes:
        beads = beads + len(moves(box, 'B'))
    return [len(boxes), beads]
