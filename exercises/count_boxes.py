# ★★★ How many boxes?
#
# HER needs a box for every position Black can face on its turn, in a game that
# is not over yet, in any game at all. Count them without playing: start from the
# start, try every move, and keep going from every position you reach.
#
# Write count_boxes(use_mirror), giving back [boxes, beads]: the number of boxes,
# and the number of beads in them (one bead for each move Black can make there).
# With use_mirror True, a position and its mirror image share one box.
#
#   count_boxes(True) should give [19, 47], and count_boxes(False) [37, 90].
#
# The helpers below are the game's rules; use them.
# Each call may compute for 10 seconds: a right search that takes a second or
# two passes, with a note on what would make it faster. Printing costs nothing.
# Use Python alone: your code is checked with its standard library only (no
# numpy or other packages). Check your work with:  hexgrade check .  (or: pytest)


def moves(board, side):
    """Every move (from, to) that side ('W' or 'B') can make on board."""
    found = []
    if side == 'W':
        step, enemy = -3, 'B'
    else:
        step, enemy = 3, 'W'
    for sq in range(9):
        to = sq + step
        if board[sq] == side and 0 <= to <= 8:
            if board[to] == '.':
                found.append((sq, to))
            if sq % 3 > 0 and board[to - 1] == enemy:
                found.append((sq, to - 1))
            if sq % 3 < 2 and board[to + 1] == enemy:
                found.append((sq, to + 1))
    return found


def play(board, move):
    """The board after the move."""
    start, end = move
    squares = list(board)
    squares[end] = squares[start]
    squares[start] = '.'
    return ''.join(squares)


def has_lost(board, side):
    """True if side, whose turn it is, has lost already."""
    if side == 'W' and 'B' in board[6:9]:
        return True
    if side == 'B' and 'W' in board[0:3]:
        return True
    return len(moves(board, side)) == 0


def mirror(board):
    """The board seen in a mirror."""
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]


def count_boxes(use_mirror):
    # every position Black can face, in a game not yet over
    return [0, 0]
