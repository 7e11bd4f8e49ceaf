from hexapawn import has_lost, mirror, moves, play


def count_boxes(use_mirror):
    plain = set()
    mirrored = set()
    seen = set()
    todo = [('BBB...WWW', 'W')]
    while todo:
        board, side = todo.pop()
        if (board, side) in seen:
            continue
        seen.add((board, side))
        if has_lost(board, side):
            continue
        if side == 'B':
            plain.add(board)
            mirrored.add(min(board, mirror(board)))
        for move in moves(board, side):
            todo.append((play(board, move), 'B' if side == 'W' else 'W'))
    plain_beads = sum(len(moves(box, 'B')) for box in plain)
    mirrored_beads = sum(len(moves(box, 'B')) for box in mirrored)
    if use_mirror:
        return [len(mirrored), plain_beads]
    return [len(plain), mirrored_beads]
