#!/usr/bin/env bash
# MCMS big fleet (prints figures; never fails on them): `fieldops mcms onu list --json` over
# 100,000 ONUs from the emulator on loopback, paged.
#   * peak RSS (the kernel's VmHWM of the running fieldops) and fieldops' CPU (user + system from
#     wait4), both measured outside fieldops by bench/timecmd.py;
#   * the largest collection request, from the emulator's request log (`limit` of every
#     collection request; one without a limit would be the whole collection);
#   * wall time beside the time the emulator takes to serve the very same page requests (taken
#     from its log) to curl, with as many in flight as fieldops keeps, the two alternating run by
#     run: with the machine's cores shared by client and emulator, and with a core each (as a
#     laptop and an appliance are two machines);
#   * how soon `-o csv` and `-o ndjson` (written page by page) print their first line;
#   * the same listing over 10,000 ONUs.
#
# Usage: bench/mcms-fleet.sh [PATH_TO_RELEASE_FIELDOPS]   (builds one when not given)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

source "$root/bench/lib.sh"
fieldops_binary "${1:-}"
throwaway_home


admin() { curl -s "$base/__admin/$1"; }


# measure ONUS RUNS LABEL: one listing alone in the emulator's log for the request figures, then
# fieldops timed (wall, peak RSS, CPU) and curl replaying exactly those page requests.
measure() {
    local onus=$1 runs=$2 label=$3
    rows=$("$bin" mcms onu list --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
    echo "ONUs listed: $rows"
    log_before=$(admin requests | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
    "$bin" mcms onu list --json >/dev/null
    admin requests > "$work/requests.json"
    python3 - "$log_before" "$base" "$work/pages.txt" "$work/requests.json" <<'PY'
import json, sys, urllib.parse
log = json.load(open(sys.argv[4]))[int(sys.argv[1]):]
collections = ("/api/v1/onus/states/", "/api/v1/onus/configs/", "/api/v1/olts/states/", "/api/v1/olts/configs/")
pages = [r for r in log if r["method"] == "GET" and r["path"] in collections]
limits = [int(r["query"]["limit"]) for r in pages if "limit" in r["query"]]
unbounded = len(pages) - len(limits)
by_path = {}
for r in pages:
    by_path[r["path"]] = by_path.get(r["path"], 0) + 1
print("collection requests: %d (%s)" % (len(pages), ", ".join("%s %d" % kv for kv in sorted(by_path.items()))))
print("largest collection request: %s documents%s (target <= 1000)" % (
    max(limits) if limits else "-", "; %d without a limit (the whole collection)" % unbounded if unbounded else ""))
with open(sys.argv[3], "w") as out:
    for r in pages:
        url = sys.argv[2] + r["raw_path"] + "?" + urllib.parse.urlencode(r["query"], doseq=True)
        out.write("url = \"%s\"\noutput = /dev/null\n" % url.replace('"', '%22'))
PY
    # Peak RSS from a run of its own: sampling /proc every 2 ms takes CPU from the 2 cores the
    # timed runs share with the emulator.
    memory=$(timecmd --json --rss --cpu --runs 1 --warmup 1 --label "fieldops mcms onu list --json" -- "$bin" mcms onu list --json)
    # The same pages fetched by curl: one process, the session cookie, as many in flight as
    # fieldops keeps (MCMSPaging.defaultPagesInFlight, 4, of the ONU states and 4 of the ONU
    # configs side by side). fieldops and curl alternate, run by run, so a machine that gets
    # busier or quieter moves both. Twice: with the 2 cores shared by client and emulator (the
    # scheduler moves the emulator's threads about as the client's threads wake, which alone
    # moves curl's figure between 0.22 and 0.33 s), and with a core each, as a laptop and an
    # appliance have (taskset; the same for fieldops and curl).
    jar="$work/curl-cookies"
    curl -s -c "$jar" -H 'Content-Type: application/json' -H "Referer: $base/" \
        -d '{"data":{"email":"tech@example.net","password":"pon-secret"}}' "$base/api/v1/users/authenticate/" >/dev/null
    python3 - "$bin" "$jar" "$work/pages.txt" "$runs" "$label" "$memory" "$emulator_pid" <<'PY'
import json, os, statistics, subprocess, sys, time
binary, jar, pages, runs, label, memory = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], json.loads(sys.argv[6])
emulator = int(sys.argv[7])
def timed(command):
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)
def pin(pid, cpus):
    # Every thread of the emulator; the threads it starts later inherit the mask.
    for thread in os.listdir("/proc/%d/task" % pid):
        os.sched_setaffinity(int(thread), cpus)
listing = [binary, "mcms", "onu", "list", "--json"]
replay = ["curl", "-s", "--parallel", "--parallel-max", "8", "-b", jar, "-K", pages]
all_cpus = os.sched_getaffinity(0)
layouts = [("the 2 cores shared", None)]
if len(all_cpus) >= 2:
    first, second = sorted(all_cpus)[:2]
    layouts.append(("a core each for client and emulator, as on two machines", (first, second)))
codes = set()
for name, layout in layouts:
    if layout:
        pin(emulator, {layout[1]})
        run = lambda command: timed(["taskset", "-c", str(layout[0])] + command)
    else:
        pin(emulator, all_cpus)
        run = timed
    run(listing), run(replay)
    walls, cpus, curls = [], [], []
    for _ in range(runs):
        wall, cpu, code = run(listing)
        walls.append(wall); cpus.append(cpu); codes.add(code)
        wall, _, code = run(replay)
        curls.append(wall); codes.add(code)
    wall, cpu, curl = (statistics.median(x) for x in (walls, cpus, curls))
    print("%s:" % name)
    print("  fieldops mcms onu list --json (%s): wall median %.3f s (%d runs); CPU %.2f s" % (label, wall, runs, cpu))
    print("  curl fetching the same pages: wall median %.3f s; fieldops / curl %.2f%s" % (
        curl, wall / curl, " (target <= 1.2)" if label.startswith("100,000") else ""))
pin(emulator, all_cpus)
print("peak RSS %.1f MB (%s)" % (memory["max_rss_mb"], label))
if codes != {0} or memory["exit_codes"] != [0]:
    print("exit codes: %s, %s" % (sorted(codes), memory["exit_codes"]))
PY
}

echo "== MCMS onu list --json: 100,000 ONUs, 32 OLTs, emulator on loopback"
echo "   targets: peak RSS <= 120 MB, fieldops CPU <= 1.5 s, no collection request > 1,000 documents,"
echo "            wall <= 1.2 x curl fetching the same pages"
started=$(python3 -c 'import time; print(time.perf_counter())')
emulator_start_seconds=120 start_emulator mcms_emulator.py --onus 100000 --olts 32
base=$url
python3 -c "import time, sys; print('emulator up with 100,000 ONUs in %.1f s' % (time.perf_counter() - float(sys.argv[1])))" "$started"
mcms_bench_home
measure 100000 7 "100,000 ONUs"
# The streamed forms: how soon the first row is out, against the whole listing.
for form in "-o csv" "-o ndjson"; do
    python3 - "$bin" $form <<'PY'
import subprocess, sys, time
started = time.perf_counter()
child = subprocess.Popen([sys.argv[1], "mcms", "onu", "list"] + sys.argv[2:], stdout=subprocess.PIPE)
first, rows = None, 0
for line in child.stdout:
    if first is None:
        first = time.perf_counter() - started
    rows += 1
child.wait()
print("fieldops mcms onu list %s (100,000 ONUs): first line after %.3f s, %d lines in %.3f s (exit %d)" % (
    " ".join(sys.argv[2:]), first or 0, rows, time.perf_counter() - started, child.returncode))
PY
done
stop_emulator

echo
echo "== MCMS onu list --json: 10,000 ONUs, 16 OLTs (target: no slower than 0.27 s, the figure before paging)"
start_emulator mcms_emulator.py --onus 10000 --olts 16
base=$url
mcms_bench_home
measure 10000 9 "10,000 ONUs"
stop_emulator
