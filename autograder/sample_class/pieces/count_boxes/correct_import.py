from hexapawn import START, has_lost, mirror, moves, play


def count_boxes(use_mirror):
    # a whole layer of positions at a time: first White's, then Black's, ...
    layer = {START}
    side = 'W'
    boxes = set()
    while layer:
        going_on = [board for board in layer if not has_lost(board, side)]
        if side == 'B':
            for board in going_on:
                boxes.add(min(board, mirror(board)) if use_mirror else board)
        layer = {play(board, move) for board in going_on for move in moves(board, side)}
        side = 'B' if side == 'W' else 'W'
    beads = sum(len(moves(board, 'B')) for board in boxes)
    return [len(boxes), beads]
