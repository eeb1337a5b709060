#!/usr/bin/env python3
"""Wall time of a command writing to a terminal: a pseudo-terminal COLUMNS wide whose output
is read as fast as it comes (no emulator drawing it), median of RUNS after one warm-up.
Usage: pty_time.py COLUMNS RUNS LABEL -- CMD..."""
import fcntl, os, pty, statistics, struct, sys, termios, time


def once(argv, columns):
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
        os.environ.pop("COLUMNS", None)
        os.execvp(argv[0], argv)
    lines = 0
    while True:
        try:
            data = os.read(fd, 1 << 16)
        except OSError:
            break
        if not data:
            break
        lines += data.count(b"\n")
    _, status = os.waitpid(pid, 0)
    return time.perf_counter() - started, lines, os.waitstatus_to_exitcode(status)


def main():
    columns, runs, label = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    argv = sys.argv[sys.argv.index("--") + 1:]
    once(argv, columns)
    results = [once(argv, columns) for _ in range(runs)]
    walls = [wall for wall, _, _ in results]
    print("  %s: wall median %.3f s (min %.3f, %d runs), %d lines, exit %d"
          % (label, statistics.median(walls), min(walls), runs, results[-1][1], results[-1][2]))
    print("MEDIAN %.6f" % statistics.median(walls), file=sys.stderr)


if __name__ == "__main__":
    main()
