from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    boxes = set()
    beads = 0
    todo = [('BBB...WWW', 'W')]
    while todo:
        board, side = todo.pop()
        if has_lost(board, side):
            continue
        if side == 'B':
            if use_mirror:
                boxes.add(min(board, mirror(board)))
            else:
                boxes.add(board)
            beads = beads + len(moves(board, 'B'))
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    return [len(boxes), beads]
