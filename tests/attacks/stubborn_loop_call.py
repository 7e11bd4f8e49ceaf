"""Resources: a loop in a call that ignores the alarm and swallows every exception."""
import signal


def mirror(board):
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
