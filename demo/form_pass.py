#!/usr/bin/env python3
"""A scripted pass through the full-screen form of `jqc inspect fill` (demo only).

Runs the command on a pseudo-terminal with pyte as the screen, types a person's keys, and
prints the screen as it stood after a few of them. Usage: form_pass.py -- CMD...
"""
import fcntl, os, pty, select, struct, sys, termios, time

try:
    import pyte
except ImportError:
    sys.exit("demo: the form pass needs the python package pyte (make deps installs it)")

COLUMNS, ROWS = 118, 30
# (keys, caption or None): a caption prints the screen after those keys.
STEPS = [
    ("", "the form opens on the first unanswered field"),
    ("Ann Lee\tann@example.com\ttoday\t12\t", None),
    ("\rn\r\t 4\t", "text typed in place, a select picked by filtering, a checkbox group"),
    ("4\t3\t1\t \t\x1bOC \t", "stars, pass/fail, a checkbox and a radio: the live score follows"),
    ("\x1bs", "s: the review lists what is still required"),
    ("\x1b", None),
]


def main():
    argv = sys.argv[sys.argv.index("--") + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.environ["TERM"] = "xterm-256color"
        os.execvp(argv[0], argv)
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)

    def pump(seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                stream.feed(chunk)

    pump(1.0)
    for keys, caption in STEPS:
        for key in keys:
            os.write(fd, key.encode())
            pump(0.05)
        pump(0.4)
        if caption:
            print("\n# " + caption)
            print("\n".join("  " + line.rstrip() for line in screen.display).rstrip())
    os.write(fd, b"\x1bq")
    pump(1.0)
    _, status = os.waitpid(pid, 0)
    print("\n# q leaves the form (exit %d); every answer is already in the store" % os.WEXITSTATUS(status))


if __name__ == "__main__":
    main()
