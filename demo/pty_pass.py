#!/usr/bin/env python3
"""A command on a pseudo-terminal of a given size, with pyte as the screen (demo only).

Types each step's keys, waits, and prints the screen after steps that have a caption.
Usage: pty_pass.py COLUMNS ROWS STEPS_JSON -- CMD...
STEPS_JSON is a list of [keys, seconds to wait after them, caption or null].
"""
import fcntl, json, os, pty, select, struct, sys, termios, time

try:
    import pyte
except ImportError:
    sys.exit("demo: the terminal pass needs the python package pyte (make deps installs it)")


def main():
    columns, rows, steps = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
    argv = sys.argv[sys.argv.index("--") + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        os.environ["TERM"] = "xterm-256color"
        os.environ.pop("COLUMNS", None)
        os.execvp(argv[0], argv)
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)

    def pump(seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    return
                if not data:
                    return
                stream.feed(data)

    rule = "─" * columns
    for keys, seconds, caption in steps:
        if keys:
            os.write(fd, keys.encode())
        pump(seconds)
        if caption:
            print("   ┌ %s (%d×%d)" % (caption, columns, rows))
            print("   " + rule[:columns])
            for line in screen.display:
                print("   " + line.rstrip())
            print("   " + rule[:columns])
    pump(1)
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)


if __name__ == "__main__":
    main()
