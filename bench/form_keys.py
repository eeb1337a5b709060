#!/usr/bin/env python3
"""Times the full-screen form through a pseudo-terminal (bench only; prints figures).

  form_keys.py startup [--runs N] -- CMD...   time from start to the status line on screen
  form_keys.py keys [--keys N] -- CMD...      per-key redraw time over a scripted fill
A key's redraw time runs from writing the key to the last byte the form sent in answer
(the burst ends when nothing more arrives for 15 ms; those 15 ms are not counted).
"""
import argparse, fcntl, os, pty, select, signal, statistics, struct, sys, termios, time


def spawn(argv, columns=160, rows=50):
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        os.environ["TERM"] = "xterm-256color"
        os.environ["NO_COLOR"] = "1"
        os.execvp(argv[0], argv)
    return pid, fd


def read_burst(fd, quiet=0.015, limit=5.0):
    """Reads until `quiet` seconds pass without output; returns (bytes, time of the last byte)."""
    data, last, deadline = b"", None, time.monotonic() + limit
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            if data:
                break
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
        last = time.monotonic()
    return data, last


def finish(pid, fd):
    os.write(fd, b"\x1bq")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        read_burst(fd, 0.05, 0.2)
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            return
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def startup(argv, runs):
    times = []
    for _ in range(runs):
        start = time.monotonic()
        pid, fd = spawn(argv)
        seen = b""
        while b"required left" not in seen:
            ready, _, _ = select.select([fd], [], [], 5)
            if not ready:
                break
            try:
                seen += os.read(fd, 65536)
            except OSError:
                sys.exit("the form did not open: " + seen.decode("utf-8", "replace")[-500:])
        times.append((time.monotonic() - start) * 1000)
        finish(pid, fd)
    times.sort()
    print(f"form on screen after start        median {statistics.median(times):7.2f} ms  min {times[0]:7.2f} ms  ({runs} runs)")


def script(count):
    """The keys of a fill of template 3 (zones of: rating, pass_fail, checkbox, radio, rating,
    select, text, pass_fail, image|textarea), over and over with other values, then back to
    field 1 (Esc g 1 Enter)."""
    keys, round_ = [], 0
    while len(keys) < count:
        stars, pick = str(3 + round_ % 3), str(1 + round_ % 2)
        for _ in range(6):
            keys += [stars, "\t", pick, "\t", " ", "\t", pick, "\t", stars, "\t", pick, "\t", "a", "b", "\t", pick, "\t", "x", "y", "\t"]
        keys += ["\x1b", "g", "1", "\r"]
        round_ += 1
    return keys[:count]


def keys(argv, count):
    pid, fd = spawn(argv)
    seen = b""
    while b"required left" not in seen:
        seen += os.read(fd, 65536)
    read_burst(fd, 0.1)
    times = []
    for key in script(count):
        sent = time.monotonic()
        os.write(fd, key.encode())
        # Esc waits for the next key (Alt+letter): it draws only with the letter after it.
        if key == "\x1b":
            continue
        _, last = read_burst(fd)
        if last is not None:
            times.append((last - sent) * 1000)
    finish(pid, fd)
    times.sort()
    p90 = times[int(len(times) * 0.9)]
    print(f"redraw per key ({len(times)} keys)       median {statistics.median(times):7.2f} ms  p90 {p90:7.2f} ms  max {times[-1]:7.2f} ms")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["startup", "keys"])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--keys", type=int, default=500)
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    command = argv[split + 1:]
    if args.mode == "startup":
        startup(command, args.runs)
    else:
        keys(command, args.keys)


if __name__ == "__main__":
    main()
