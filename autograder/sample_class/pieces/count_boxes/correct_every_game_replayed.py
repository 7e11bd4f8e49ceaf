# ★★★ How many boxes? Try every game: for each length, every list of choices,
# played from the start each time.
from itertools import product

from hexapawn import START, moves, play, has_lost, mirror


def count_boxes(use_mirror):
    names = []
    for length in range(1, 10, 2):          # Black is to move after 1, 3, 5, 7 or 9 moves
        for choices in product(range(4), repeat=length):
            board = START
            side = 'W'
            finished = False
            for choice in choices:
                options = moves(board, side)
                if has_lost(board, side) or choice >= len(options):
                    finished = True
                    break
                board = play(board, options[choice])
                if side == 'W':
                    side = 'B'
                else:
                    side = 'W'
            if finished or has_lost(board, 'B'):
                continue
            if use_mirror and mirror(board) < board:
                board = mirror(board)
            if board not in names:
                names.append(board)
    beads = 0
    for name in names:
        beads = beads + len(moves(name, 'B'))
    return [len(names), beads]
