from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    boxes = set()
    seen = set()
    waiting = [('BBB...WWW', 'B')]      # HER plays Black, so Black starts
    while waiting:
        board, side = waiting.pop()
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
            other = 'W'
        else:
            other = 'B'
        for move in moves(board, side):
            waiting.append((play(board, move), other))
    beads = 0
    for box in boxes:
        beads = beads + len(moves(box, 'B'))
    return [len(boxes), beads]
