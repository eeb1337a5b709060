"""A command on a pseudo-terminal of a given size, with pyte as its screen (demo only): what the
demo's terminal passes share."""
import fcntl, os, pty, select, struct, sys, termios, time

try:
    import pyte
except ImportError:
    sys.exit("demo: the terminal passes need the python package pyte (make deps installs it)")


class PtyScreen:
    def __init__(self, argv, columns, rows):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            os.environ["TERM"] = "xterm-256color"
            os.environ.pop("COLUMNS", None)
            os.execvp(argv[0], argv)
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, seconds):
        """Feeds the screen what the command writes for `seconds`, or until it closes the pty."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return
                if not data:
                    return
                self.stream.feed(data)

    def type(self, keys):
        os.write(self.fd, keys.encode())

    @property
    def display(self):
        return self.screen.display
