#!/usr/bin/env python3
"""Drive a program in a pseudo-terminal, as a person at a keyboard would (tests only).

Usage: pty_drive.py SCRIPT.json -- PROGRAM [ARGS...]
SCRIPT.json is a list of steps:
  {"expect": "text"}             wait (up to "timeout" s, default 10) until the output contains text
  {"send": "text"}               type text (use "\\n" for Enter, "\\u0003" for Ctrl-C)
  {"sleep": 0.2}                 wait
Prints a JSON object on stdout: {"exit": code, "signal": n|null, "output": "everything the
terminal showed", "failed_step": index|null}. Exits 0 unless the driver itself failed.
"""
import json
import os
import pty
import select
import signal
import sys
import time


def main():
    script_path = sys.argv[1]
    argv = sys.argv[3:] if sys.argv[2] == "--" else sys.argv[2:]
    with open(script_path) as handle:
        steps = json.load(handle)
    pid, fd = pty.fork()
    if pid == 0:
        # No signal blocked, as from a person's shell (the test runner's threads block most,
        # and a mask is inherited across fork and exec).
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        os.execvp(argv[0], argv)
    output = b""
    failed = None
    cursor = 0  # each expect looks only at what appeared after the previous match

    def pump(deadline):
        nonlocal output
        while True:
            remaining = deadline - time.time()
            if remaining <= 0:
                return False
            ready, _, _ = select.select([fd], [], [], min(remaining, 0.05))
            if ready:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    return None
                if not chunk:
                    return None
                output += chunk
                return True

    for index, step in enumerate(steps):
        if "expect" in step:
            needle = step["expect"].encode()
            deadline = time.time() + step.get("timeout", 10)
            while needle not in output[cursor:]:
                got = pump(deadline)
                if got is False or got is None:
                    failed = index
                    break
            if failed is not None:
                break
            cursor = output.index(needle, cursor) + len(needle)
        elif "send" in step:
            os.write(fd, step["send"].encode())
        elif "sleep" in step:
            time.sleep(step["sleep"])
    # Drain until the program exits (bounded).
    deadline = time.time() + 20
    status = None
    while time.time() < deadline:
        finished, status = os.waitpid(pid, os.WNOHANG)
        if finished:
            break
        pump(time.time() + 0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    while pump(time.time() + 0.05):
        pass
    result = {
        "exit": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        "output": output.decode("utf-8", "replace"),
        "failed_step": failed,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
