from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    # an explicit stack of positions still to look at, instead of recursion
    stack = [('BBB...WWW', 'W')]
    seen = []
    boxes = []
    while stack != []:
        board, side = stack.pop()
        if [board, side] in seen:
            continue
        seen.append([board, side])
        if has_lost(board, side):
            continue
        if side == 'B':
            box = board
            if use_mirror:
                box = min(board, mirror(board))
            if box not in boxes:
                boxes.append(box)
            stack.extend((play(board, move), 'W') for move in moves(board, 'B'))
        else:
            stack.extend((play(board, move), 'B') for move in moves(board, 'W'))
    beads = 0
    for box in boxes:
        beads += len(moves(box, 'B'))
    return [len(boxes), beads]
