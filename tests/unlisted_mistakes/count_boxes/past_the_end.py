from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    boxes = set()
    seen = set()

    def visit(board, side):
        if (board, side) in seen:
            return
        seen.add((board, side))
        if side == 'B' and not has_lost(board, 'B'):
            if use_mirror:
                boxes.add(min(board, mirror(board)))
            else:
                boxes.add(board)
        for move in moves(board, side):
            visit(play(board, move), 'W' if side == 'B' else 'B')

    visit('BBB...WWW', 'W')
    return [len(boxes), sum(len(moves(b, 'B')) for b in boxes)]
