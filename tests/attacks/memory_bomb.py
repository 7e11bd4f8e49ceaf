"""Resources: grab memory until something stops it."""


def mirror(board):
    hoard = []
    while True:
        hoard.append(bytearray(50 * 1024 * 1024))
