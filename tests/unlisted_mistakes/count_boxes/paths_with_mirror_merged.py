from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    boxes = []

    def walk(board, side):
        if has_lost(board, side):
            return
        if side == 'B':
            boxes.append(board)
        following = []
        for move in moves(board, side):
            after = play(board, move)
            if use_mirror and mirror(after) in following:
                continue  # the same as a move already taken, seen in a mirror
            following.append(after)
        for after in following:
            walk(after, 'W' if side == 'B' else 'B')

    walk('BBB...WWW', 'W')
    beads = 0
    for box in boxes:
        beads += len(moves(box, 'B'))
    return [len(boxes), beads]
