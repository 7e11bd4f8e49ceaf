"""Resources: send a UDP datagram to 127.0.0.1."""
import socket

try:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as datagrams:
        datagrams.sendto(b'attack', ('127.0.0.1', 47614))
except OSError:
    pass


def mirror(board):
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
