def mirror(board):
	result = ''
	for start in (0, 3, 6):
		row = board[start:start + 3]
		result = result + row[2] + row[1] + row[0]
	return result
