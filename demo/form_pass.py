#!/usr/bin/env python3
"""A scripted pass through the full-screen form of `jqc inspect fill` (demo only).

Runs the command on a pseudo-terminal with pyte as the screen, types a person's keys, and
prints the screen as it stood after a few of them. Usage: form_pass.py -- CMD...
"""
import os, sys

from ptyscreen import PtyScreen

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
    terminal = PtyScreen(argv, COLUMNS, ROWS)
    terminal.pump(1.0)
    for keys, caption in STEPS:
        for key in keys:
            terminal.type(key)
            terminal.pump(0.05)
        terminal.pump(0.4)
        if caption:
            print("\n# " + caption)
            print("\n".join("  " + line.rstrip() for line in terminal.display).rstrip())
    terminal.type("\x1bq")
    terminal.pump(1.0)
    _, status = os.waitpid(terminal.pid, 0)
    print("\n# q leaves the form (exit %d); every answer is already in the store" % os.WEXITSTATUS(status))


if __name__ == "__main__":
    main()
