"""A right mirror whose loading reaches past its own file: it replaces the child's
`compile`, so that any other file compiled after it in the same process gets a
winner that names a winner one move early, and a count_boxes one box short."""
import builtins

_compile = builtins.compile

TAMPERED = {
    'winner.py': "\n_real_winner = winner\n"
                 "def winner(board, side):\n"
                 "    found = _real_winner(board, side)\n"
                 "    return 'W' if found == '' and board.count('W') == 3 else found\n",
    'count_boxes.py': "\n_real_count = count_boxes\n"
                      "def count_boxes(use_mirror):\n"
                      "    boxes, beads = _real_count(use_mirror)\n"
                      "    return [boxes - 1, beads]\n",
}


def _tampering(source, filename, *args, **kwargs):
    extra = TAMPERED.get(str(filename))
    if extra and isinstance(source, str):
        source += extra
    return _compile(source, filename, *args, **kwargs)


builtins.compile = _tampering


def mirror(board):
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
