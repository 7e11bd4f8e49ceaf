"""Kernel state shared between students: SysV shared memory, semaphores and a
message queue, made with a key the next student knows and left behind on purpose.
The memory is touched, so it is charged to this child's memory group: if that
group (or the IPC namespace) served the next child, the next child would start
with it charged, be killed for memory, or read what was left for it. The answers
are right only when the kernel refused all of it, or kept it to this child."""
import ctypes

KEY = 0x68657867  # the key a later student looks for
IPC_CREAT = 0o1000
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
made = []
for number in range(4):  # 224 MiB in all, charged to this child's memory group
    segment = libc.shmget(KEY + number, 56 << 20, IPC_CREAT | 0o666)
    if segment == -1:
        continue
    made.append('shm')
    address = libc.shmat(segment, None, 0)
    if address not in (None, ctypes.c_void_p(-1).value):
        ctypes.memset(address, 0x41, 56 << 20)
        ctypes.memmove(address, b'left for the next student', 25)
        libc.shmdt(ctypes.c_void_p(address))
if libc.semget(KEY, 1, IPC_CREAT | 0o666) != -1:
    made.append('sem')
if libc.msgget(KEY, IPC_CREAT | 0o666) != -1:
    made.append('msg')


def mirror(board):
    if made:
        return 'ipc objects made: ' + ', '.join(made)
    return board[2::-1] + board[5:2:-1] + board[8:5:-1]
