"""Runs a program in a pseudo-terminal of a given size (the interactive agent CLIs need one).

Usage: python3 pty-relay.py ROWS COLS -- PROGRAM [ARGS...]
What arrives on stdin is typed into the terminal; what the program writes to the terminal comes
out on stdout, unchanged. Exits with the program's exit code (128 + signal when it was killed).
"""
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios


def main():
    rows, cols = int(sys.argv[1]), int(sys.argv[2])
    argv = sys.argv[4:] if sys.argv[3] == "--" else sys.argv[3:]
    pid, fd = pty.fork()
    if pid == 0:
        # The size is set before the program starts, so its first look at the terminal sees it.
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.execvp(argv[0], argv)
    # Ended from outside: the program gets the signal too and the relay waits for it, so nothing
    # it leaves behind (files in its home folder) is still being written after the relay is gone.
    signal.signal(signal.SIGTERM, lambda *_: os.kill(pid, signal.SIGTERM))
    stdin_open = True
    out = sys.stdout.buffer
    while True:
        watched = [fd] + ([0] if stdin_open else [])
        try:
            ready, _, _ = select.select(watched, [], [], 0.5)
        except InterruptedError:
            continue
        if fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break  # EIO: the program closed the terminal (it exited)
            if not data:
                break
            out.write(data)
            out.flush()
        if 0 in ready:
            data = os.read(0, 65536)
            if data:
                os.write(fd, data)
            else:
                stdin_open = False
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    sys.exit(code if code >= 0 else 128 - code)


main()
