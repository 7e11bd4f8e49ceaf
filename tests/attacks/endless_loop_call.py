"""Resources: an endless loop in a call."""


def winner(board, side):
    while True:
        pass
