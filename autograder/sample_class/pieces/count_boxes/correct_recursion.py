from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    boxes = set()
    seen = set()

    def visit(board, side):
        if (board, side) in seen:
            return
        seen.add((board, side))
        if has_lost(board, side):
            return
        if side == 'B':
            if use_mirror:
                boxes.add(min(board, mirror(board)))
            else:
                boxes.add(board)
            other = 'W'
        else:
            other = 'B'
        for move in moves(board, side):
            visit(play(board, move), other)

    visit('BBB...WWW', 'W')
    beads = 0
    for box in boxes:
        beads = beads + len(moves(box, 'B'))
    return [len(boxes), beads]
