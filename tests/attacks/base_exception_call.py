"""Resources: a BaseException of its own, raised in a call."""


class Stop(BaseException):
    pass


def winner(board, side):
    raise Stop('no more')
