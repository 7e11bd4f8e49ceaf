"""Resources: write files outside the private working folder: in /tmp, in the folder
above the working folder, and beside the lesson's game module."""
import os

for path in ('/tmp/hexgrade-attack-escaped.txt', os.path.join('..', 'escaped.txt'),
             '/var/tmp/hexgrade-attack-escaped.txt'):
    try:
        with open(path, 'w') as file:
            file.write('escaped')
    except OSError:
        pass


def mirror(board):
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
