# ★★ Who has won?
#
# Write winner(board, side). side is 'W' or 'B': the player whose turn it is.
# Give back 'W' or 'B' if the game is over and that player has won, or '' (an
# empty string) while the game goes on. A player wins in one of three ways:
#   - one of its pawns reached the far row,
#   - every pawn of the other player has been taken,
#   - the other player is to move and has no move it can make.
#
#   winner('.B..WW...', 'B') gives ''     (Black can still take a pawn)
#   winner('W..BB...W', 'B') gives 'W'    (a white pawn reached the top row)
#
# Tip: from hexapawn import moves   gives you the list of moves of a side.
# Each call may compute for half a second (it needs far less); printing costs
# nothing, but the answer must come back with return.
# Use Python alone: your code is checked with its standard library only (no
# numpy or other packages). Check your work with:  hexgrade check .  (or: pytest)


def winner(board, side):
    # board: 9 characters, rows from the top; side: whose turn it is
    return ''
