#!/usr/bin/env python3
"""Several MCMS appliances at once, for the fan-out tests, the benchmark and the demo: a NOC
runs one appliance per region or OLT site, each with its own fleet, names and clock.

Run:  python3 Tests/Emulators/mcms_appliances.py --count N [--onus 2000] [--olts 8] [--seed 1]
          [--latency-ms MS] [--down NAME,...] [--slow NAME=MS,...] [--prefix site-]
          [--names mixed|ascii|world]

Appliance i (0-based) is named PREFIX + its letter or number (site-a, site-b, …; site-01, … past
26) and is its own mcms_emulator.py process: seed SEED + i (so distinct ONU ids, OLT MACs and
names), a Date header i × 37 s apart (distinct clocks), and --latency-ms on every request when
given. A name in --down gets no process: its port refuses connections (an appliance that is
down). A name in --slow gets that latency instead. An appliance that answers 401 is one whose
sessions ended: POST /__admin/expire-sessions to it after logging in.

Prints one line per appliance, `appliance NAME URL PID` (a down one: a port nothing listens on,
and PID 0), then `ready`; runs until SIGTERM or SIGINT, which it passes on to every appliance.
An appliance killed meanwhile (kill PID: an appliance going down after its login) stays down.
"""

import argparse
import os
import select
import signal
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def name_of(prefix, index, count):
    if count <= 26:
        return prefix + "abcdefghijklmnopqrstuvwxyz"[index]
    return prefix + "%02d" % (index + 1)


def free_port():
    """A loopback port nothing listens on (bound, then closed: connections to it are refused)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def pairs(text):
    out = {}
    for item in filter(None, (text or "").split(",")):
        name, _, value = item.partition("=")
        out[name.strip()] = int(value)
    return out


def main():
    parser = argparse.ArgumentParser(description="several MCMS emulators (loopback only)")
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--onus", type=int, default=2000)
    parser.add_argument("--olts", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--latency-ms", type=int, default=0)
    parser.add_argument("--down", default="")
    parser.add_argument("--slow", default="")
    parser.add_argument("--prefix", default="site-")
    parser.add_argument("--names", default="mixed")
    options = parser.parse_args()

    down = set(filter(None, options.down.split(",")))
    slow = pairs(options.slow)
    children = []

    def stop(*_):
        for child in children:
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(5)
            except subprocess.TimeoutExpired:
                child.kill()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    started = []
    for index in range(options.count):
        name = name_of(options.prefix, index, options.count)
        if name in down:
            started.append((name, None, "http://127.0.0.1:%d" % free_port()))
            continue
        latency = slow.get(name, options.latency_ms)
        arguments = [sys.executable, os.path.join(HERE, "mcms_emulator.py"), "--port", "0", "--exit-with-parent",
                     "--seed", str(options.seed + index), "--onus", str(options.onus), "--olts", str(options.olts),
                     "--names", options.names, "--clock-offset", str(index * 37)]
        child = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        children.append(child)
        started.append((name, child, latency))
    lines = []
    for name, child, extra in started:
        if child is None:
            lines.append("appliance %s %s 0" % (name, extra))
            continue
        ready, _, _ = select.select([child.stdout], [], [], 120)
        line = child.stdout.readline() if ready else ""
        if not line.startswith("listening on "):
            sys.stderr.write("mcms_appliances: %s did not start\n" % name)
            stop()
        url = line.split()[-1]
        if extra:
            set_latency(url, extra)
        lines.append("appliance %s %s %d" % (name, url, child.pid))
    sys.stdout.write("\n".join(lines) + "\nready\n")
    sys.stdout.flush()
    while True:
        time.sleep(1)


def set_latency(url, milliseconds):
    import urllib.request
    request = urllib.request.Request(url + "/__admin/latency", data=('{"delay_ms": %d}' % milliseconds).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    urllib.request.urlopen(request, timeout=10).read()


if __name__ == "__main__":
    main()
