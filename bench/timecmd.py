#!/usr/bin/env python3
"""Time whole commands: median / p90 wall time and peak RSS of the child over N runs.

Usage: timecmd.py [--runs N] [--warmup N] [--env K=V ...] [--stdin FILE] --label TEXT -- CMD [ARGS...]
Prints one line: `<label>  median 4.1 ms  p90 4.6 ms  min 3.9 ms [peak-rss 9.8 MB] [cpu 0.91 s]  (N runs)`.
Peak RSS is the kernel's high-water mark of the running program (/proc/PID/status VmHWM); CPU is
the child's user + system time as wait4(2) reports it: both measured outside the program.
A benchmark prints figures; it never fails on them.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("--stdin")
    parser.add_argument("--label", required=True)
    parser.add_argument("--json", action="store_true", help="print a JSON object instead of a line")
    parser.add_argument("--rss", action="store_true",
                        help="sample the child's VmHWM from /proc while it runs (adds polling; use for long commands)")
    parser.add_argument("--cpu", action="store_true", help="report the child's median user + system CPU time")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command and args.command[0] == "--" else args.command
    env = dict(os.environ)
    for pair in args.env:
        key, _, value = pair.partition("=")
        env[key] = value

    def once():
        stdin = open(args.stdin, "rb") if args.stdin else subprocess.DEVNULL
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, close_fds=False)
        peak_kb = 0
        usage = None
        if args.rss:
            # ru_maxrss of a child started from python counts the interpreter's pages before exec,
            # so read the kernel's high-water mark of the running program instead.
            while True:
                try:
                    with open("/proc/%d/status" % proc.pid) as status_file:
                        for line in status_file:
                            if line.startswith("VmHWM:"):
                                peak_kb = max(peak_kb, int(line.split()[1]))
                except OSError:
                    pass
                finished, status, usage = os.wait4(proc.pid, os.WNOHANG)
                if finished:
                    break
                time.sleep(0.002)
        else:
            _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        if args.stdin:
            stdin.close()
        code = os.waitstatus_to_exitcode(status)
        cpu = usage.ru_utime + usage.ru_stime if usage is not None else 0.0
        return elapsed, peak_kb, code, cpu

    for _ in range(args.warmup):
        once()
    times, rss, codes, cpus = [], [], set(), []
    for _ in range(args.runs):
        elapsed, maxrss, code, cpu = once()
        times.append(elapsed * 1000.0)
        rss.append(maxrss / 1024.0)
        codes.add(code)
        cpus.append(cpu)
    times.sort()
    p90 = times[min(len(times) - 1, int(round(0.9 * (len(times) - 1))))]
    result = {
        "label": args.label,
        "median_ms": round(statistics.median(times), 2),
        "p90_ms": round(p90, 2),
        "min_ms": round(times[0], 2),
        "max_rss_mb": round(max(rss), 1),
        "cpu_s": round(statistics.median(cpus), 3),
        "runs": args.runs,
        "exit_codes": sorted(codes),
    }
    if args.json:
        import json
        print(json.dumps(result))
    else:
        note = "" if codes == {0} else "  exit codes %s" % sorted(codes)
        rss = "  peak-rss %6.1f MB" % result["max_rss_mb"] if args.rss else ""
        cpu = "  cpu %5.2f s" % result["cpu_s"] if args.cpu else ""
        print("%-44s median %8.2f ms  p90 %8.2f ms  min %8.2f ms%s%s  (%d runs)%s" % (
            args.label, result["median_ms"], result["p90_ms"], result["min_ms"], rss, cpu, args.runs, note))


if __name__ == "__main__":
    sys.exit(main())
