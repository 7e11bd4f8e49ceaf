from hexapawn import has_lost


def winner(board, side):
    if side == 'W':
        other = 'B'
    else:
        other = 'W'
    # only the player who just moved can have won
    if has_lost(board, side):
        return other
    return ''


if __name__ == '__main__':
    print(winner('.B..WW...', 'B') == '')
    print(winner('W..BB...W', 'B'))
