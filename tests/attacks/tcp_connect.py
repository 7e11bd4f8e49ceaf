"""Resources: reach a server on 127.0.0.1 over TCP."""
import socket

try:
    with socket.create_connection(('127.0.0.1', 47613), timeout=2) as connection:
        connection.sendall(b'attack')
except OSError:
    pass


def mirror(board):
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
