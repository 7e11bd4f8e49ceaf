"""The hexapawn game file: the rules, and two White players to train against.

A board is a string of 9 characters, the squares 0 to 8 row by row from the top:
'B' is a black pawn, 'W' a white pawn, '.' an empty square. White starts on the
bottom row and moves up, Black starts on the top row and moves down, and White
moves first. A move is a pair of square numbers: (from, to).
"""
import random

START = 'BBB...WWW'


def moves(board, side):
    """All the moves `side` ('W' or 'B') can make on `board`."""
    found = []
    if side == 'W':
        step, enemy = -3, 'B'
    else:
        step, enemy = 3, 'W'
    for sq in range(9):
        to = sq + step
        if board[sq] != side or to < 0 or to > 8:
            continue
        if board[to] == '.':                           # straight ahead, onto an empty square
            found.append((sq, to))
        if sq % 3 > 0 and board[to - 1] == enemy:      # take a pawn diagonally, to the left
            found.append((sq, to - 1))
        if sq % 3 < 2 and board[to + 1] == enemy:      # take a pawn diagonally, to the right
            found.append((sq, to + 1))
    return found


def play(board, move):
    """The board after `move` is made."""
    start, end = move
    squares = list(board)
    squares[end] = squares[start]
    squares[start] = '.'
    return ''.join(squares)


def has_lost(board, side):
    """True if `side`, whose turn it is, has already lost."""
    if side == 'W' and 'B' in board[6:9]:
        return True
    if side == 'B' and 'W' in board[0:3]:
        return True
    return len(moves(board, side)) == 0


def mirror(board):
    """The board seen in a mirror."""
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]


def show(board):
    """Print the board as three rows."""
    print(board[0:3])
    print(board[3:6])
    print(board[6:9])


_known = {}


def can_win(board, side):
    """True if `side`, whose turn it is, can win however the other side plays."""
    if (board, side) not in _known:
        enemy = 'B' if side == 'W' else 'W'
        result = False
        if not has_lost(board, side):
            for move in moves(board, side):
                if not can_win(play(board, move), enemy):
                    result = True
                    break
        _known[(board, side)] = result
    return _known[(board, side)]


def random_white(board):
    """Random: any move White can make."""
    return random.choice(moves(board, 'W'))


def sharp_white(board):
    """Sharp: a move that leaves Black unable to win, if there is one; else any move."""
    good = []
    for move in moves(board, 'W'):
        after = play(board, move)
        if has_lost(after, 'B') or not can_win(after, 'B'):
            good.append(move)
    if good:
        return random.choice(good)
    return random.choice(moves(board, 'W'))
