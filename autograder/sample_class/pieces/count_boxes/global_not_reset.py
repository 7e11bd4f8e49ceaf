from hexapawn import has_lost, mirror, moves, play


boxes = {}      # HER's boxes, as in the lesson: position -> beads


def count_boxes(use_mirror):
    seen = set()
    waiting = [('BBB...WWW', 'W')]
    while waiting:
        board, side = waiting.pop()
        if (board, side) in seen:
            continue
        seen.add((board, side))
        if has_lost(board, side):
            continue
        if side == 'B':
            box = board
            if use_mirror and mirror(board) < board:
                box = mirror(board)
            boxes[box] = moves(box, 'B')
            other = 'W'
        else:
            other = 'B'
        for move in moves(board, side):
            waiting.append((play(board, move), other))
    beads = 0
    for box in boxes:
        beads = beads + len(boxes[box])
    return [len(boxes), beads]
