from hexapawn import has_lost, mirror, moves, play

ANSWERS = {}  # use_mirror -> [boxes, beads], so that I count only once


def count_boxes(use_mirror):
    if use_mirror in ANSWERS:
        return list(ANSWERS[use_mirror])
    todo = [('BBB...WWW', 'W')]
    seen = set(todo)
    boxes = []
    while todo:
        board, side = todo.pop()
        if has_lost(board, side):
            continue
        if side == 'B':
            name = board
            if use_mirror:
                name = min(board, mirror(board))
            if name not in boxes:
                boxes.append(name)
        for move in moves(board, side):
            nxt = (play(board, move), 'W' if side == 'B' else 'B')
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    beads = sum(len(moves(box, 'B')) for box in boxes)
    ANSWERS[use_mirror] = [len(boxes), beads]
    return [len(boxes), beads]
