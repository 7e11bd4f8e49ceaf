# ★ The mirror
#
# Write mirror(board). Hold the board up to a mirror at its side: every row of
# three squares now reads back to front, and the rows stay where they were.
#
#   mirror('BB..W.W.W') gives '.BB.W.W.W'
#   (the rows BB.  .W.  W.W  become  .BB  .W.  W.W)
#
# Each call may compute for half a second (it needs far less); printing costs
# nothing, but the answer must come back with return.
# Use Python alone: your code is checked with its standard library only (no
# numpy or other packages). Check your work with:  hexgrade check .  (or: pytest)


def mirror(board):
    # board is 9 characters; give back each row of 3 back to front
    return board
