#!/usr/bin/env python3
"""A command on a pseudo-terminal of a given size, with pyte as the screen (demo only).

Types each step's keys, waits, and prints the screen after steps that have a caption.
Usage: pty_pass.py COLUMNS ROWS STEPS_JSON -- CMD...
STEPS_JSON is a list of [keys, seconds to wait after them, caption or null].
"""
import json, os, sys

from ptyscreen import PtyScreen


def main():
    columns, rows, steps = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
    argv = sys.argv[sys.argv.index("--") + 1:]
    terminal = PtyScreen(argv, columns, rows)
    rule = "─" * columns
    for keys, seconds, caption in steps:
        if keys:
            terminal.type(keys)
        terminal.pump(seconds)
        if caption:
            print("   ┌ %s (%d×%d)" % (caption, columns, rows))
            print("   " + rule[:columns])
            for line in terminal.display:
                print("   " + line.rstrip())
            print("   " + rule[:columns])
    terminal.pump(1)
    try:
        os.kill(terminal.pid, 9)
    except ProcessLookupError:
        pass
    os.waitpid(terminal.pid, 0)


if __name__ == "__main__":
    main()
