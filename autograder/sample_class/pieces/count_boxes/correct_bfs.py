from hexapawn import has_lost, mirror, moves, play


from collections import deque


def count_boxes(use_mirror):
    # breadth first: all positions one move from the start, then two moves, ...
    seen = {('BBB...WWW', 'W')}
    queue = deque(seen)
    boxes = set()
    while queue:
        board, side = queue.popleft()
        if has_lost(board, side):
            continue
        if side == 'B':
            boxes.add(min(board, mirror(board)) if use_mirror else board)
        other = 'B' if side == 'W' else 'W'
        for move in moves(board, side):
            after = (play(board, move), other)
            if after not in seen:
                seen.add(after)
                queue.append(after)
    return [len(boxes), sum(len(moves(box, 'B')) for box in boxes)]
