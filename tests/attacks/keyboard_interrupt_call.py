"""Resources: KeyboardInterrupt in a call."""


def winner(board, side):
    raise KeyboardInterrupt
