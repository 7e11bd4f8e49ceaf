# My own little game class, as in the hexapawn program I found online.


class Game:
    START = 'BBB...WWW'

    @staticmethod
    def moves(board, player):
        step = -3 if player == 'W' else 3
        foe = 'B' if player == 'W' else 'W'
        found = []
        for square in range(9):
            if board[square] != player:
                continue
            target = square + step
            if target < 0 or target > 8:
                continue
            if board[target] == '.':
                found.append((square, target))
            column = square % 3
            if column > 0 and board[target - 1] == foe:
                found.append((square, target - 1))
            if column < 2 and board[target + 1] == foe:
                found.append((square, target + 1))
        return found

    @staticmethod
    def play(board, move):
        cells = list(board)
        cells[move[1]] = cells[move[0]]
        cells[move[0]] = '.'
        return ''.join(cells)

    @staticmethod
    def over(board, player):
        home = board[6:9] if player == 'W' else board[0:3]
        foe = 'B' if player == 'W' else 'W'
        return foe in home or not Game.moves(board, player)


def count_boxes(use_mirror):
    seen = set()
    boxes = set()
    stack = [(Game.START, 'W')]
    while stack:
        board, player = stack.pop()
        if (board, player) in seen:
            continue
        seen.add((board, player))
        if Game.over(board, player):
            continue
        if player == 'B':
            flipped = board[2::-1] + board[5:2:-1] + board[8:5:-1]
            boxes.add(min(board, flipped) if use_mirror else board)
        for move in Game.moves(board, player):
            stack.append((Game.play(board, move), 'B' if player == 'W' else 'W'))
    return [len(boxes), sum(len(Game.moves(box, 'B')) for box in boxes)]
