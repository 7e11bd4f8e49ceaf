from functools import cache

from hexapawn import has_lost, mirror, moves, play


@cache
def count_boxes(use_mirror):
    # worked out once for each use_mirror, then remembered
    boxes = set()
    seen = set()

    def visit(board, side):
        if (board, side) in seen:
            return
        seen.add((board, side))
        if has_lost(board, side):
            return
        if side == 'B':
            boxes.add(min(board, mirror(board)) if use_mirror else board)
        other = 'W' if side == 'B' else 'B'
        for move in moves(board, side):
            visit(play(board, move), other)

    visit('BBB...WWW', 'W')
    beads = 0
    for box in boxes:
        beads += len(moves(box, 'B'))
    return [len(boxes), beads]
