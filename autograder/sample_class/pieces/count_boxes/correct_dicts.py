from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    boxes = {}          # like HER: the name of a box -> the beads in it
    seen = {}
    waiting = [('BBB...WWW', 'W')]
    while len(waiting) > 0:
        board, side = waiting.pop()
        if (board, side) in seen:
            continue
        seen[(board, side)] = True
        if has_lost(board, side):
            continue
        if side == 'B':
            name = board
            if use_mirror and mirror(board) < board:
                name = mirror(board)
            boxes[name] = moves(name, 'B')
        next_side = {'W': 'B', 'B': 'W'}[side]
        for move in moves(board, side):
            waiting.append((play(board, move), next_side))
    beads = 0
    for name in boxes:
        beads = beads + len(boxes[name])
    return [len(boxes), beads]
