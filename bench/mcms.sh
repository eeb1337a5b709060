#!/usr/bin/env bash
# MCMS benchmarks (prints figures; never fails on them):
#  1. `fieldops mcms onu list` over 10,000 ONUs from the emulator on loopback: fetch + join +
#     render, wall time and peak RSS, beside jq parsing and selecting the same fields from the
#     same saved responses.
#  1b. The same listing on a terminal (tables fitted to it, widths by wcwidth): names in ASCII
#     against names in Norwegian, CJK, emoji and combining marks.
#  2. `fieldops mcms onu firmware-bulk --no-verify` (the write path alone) over 1,000 ONUs with
#     the emulator adding 50 ms to every request, concurrency 16, beside the pipeline's floor
#     (requests per ONU × 50 ms × 1,000 / 16). The verified, staged rollout is bench/mcms-rollout.sh.
#  3. The NOC's live view over 10,000 ONUs and 32 OLTs: `mcms alarms` wall time; the fieldops CPU
#     of one `dashboard --watch` refresh (CPU time over 20 refreshes, not wall); and
#     `onu list --rx-below -25 --sort rx` against plain `onu list`.
#
# Usage: bench/mcms.sh [PATH_TO_RELEASE_FIELDOPS]   (builds one when not given)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

source "$root/bench/lib.sh"
fieldops_binary "${1:-}"
throwaway_home

# start_fleet ONUS [OLTS]: starts the MCMS emulator with that many ONUs (and OLTs, default 16)
# and sets $base.
start_fleet() {
    start_emulator mcms_emulator.py --onus "$1" --olts "${2:-16}"
    base=$url
}


# --- 1. onu list over 10,000 ONUs ------------------------------------------------------------
echo "== MCMS onu list: 10,000 ONUs, emulator on loopback (target: <= 1.5 s wall, <= 150 MB peak RSS)"
start_fleet 10000
mcms_bench_home
count=$("$bin" mcms onu list | wc -l)
echo "rows listed: $count"
timecmd --rss --runs 5 --warmup 1 --label "fieldops mcms onu list (fetch + join + render)" -- "$bin" mcms onu list
timecmd --rss --runs 5 --warmup 1 --label "fieldops mcms onu list --json" -- "$bin" mcms onu list --json

# The same four responses, saved with curl, for jq to parse and select the same fields from.
jar="$work/curl-cookies"
curl -s -c "$jar" -H 'Content-Type: application/json' -H "Referer: $base/" \
    -d '{"data":{"email":"tech@example.net","password":"pon-secret"}}' "$base/api/v1/users/authenticate/" >/dev/null
projection='{"Time":1,"ONU.Online Time":1,"ONU.FW Bank Ptr":1,"ONU.FW Bank Versions":1,"OLT.MAC Address":1,"STATS.RX Optical Level":1}'
curl -s -b "$jar" -G --data-urlencode "projection=$projection" "$base/api/v1/onus/states/" > "$work/onu-states.json"
curl -s -b "$jar" -G --data-urlencode 'projection={"ONU.Name":1}' "$base/api/v1/onus/configs/" > "$work/onu-names.json"
curl -s -b "$jar" "$base/api/v1/olts/states/" > "$work/olt-states.json"
curl -s -b "$jar" -G --data-urlencode 'projection={"OLT.Name":1}' "$base/api/v1/olts/configs/" > "$work/olt-names.json"
echo "saved responses: $(du -ch "$work"/*.json | tail -n 1 | cut -f1) total"
# One jq process reads the four files in order and selects the listed fields from each.
jq_program='(input | .data[] | [._id, .Time, .ONU."Online Time", (.ONU."FW Bank Ptr"|tostring), (.ONU."FW Bank Versions"|tostring), .OLT."MAC Address", (.STATS."RX Optical Level"|tostring)] | @tsv),
 (input | .data[] | [._id, .ONU.Name] | @tsv),
 (input | .data[] | . as $o | ."ONU States" | to_entries[] | .key as $k | .value[] | [., $k, $o._id] | @tsv),
 (input | .data[] | [._id, .OLT.Name] | @tsv)'
timecmd --rss --runs 5 --warmup 1 --label "jq: parse + select the same fields from the saved responses (no fetch, no join)" -- \
    jq -r -n "$jq_program" "$work/onu-states.json" "$work/onu-names.json" "$work/olt-states.json" "$work/olt-names.json"
cat > "$work/fetch.sh" <<SH
#!/usr/bin/env bash
curl -s -o /dev/null -b "$jar" -G --data-urlencode 'projection=$projection' "$base/api/v1/onus/states/" &
curl -s -o /dev/null -b "$jar" -G --data-urlencode 'projection={"ONU.Name":1}' "$base/api/v1/onus/configs/" &
curl -s -o /dev/null -b "$jar" "$base/api/v1/olts/states/" &
curl -s -o /dev/null -b "$jar" -G --data-urlencode 'projection={"OLT.Name":1}' "$base/api/v1/olts/configs/" &
wait
SH
chmod +x "$work/fetch.sh"
timecmd --runs 5 --warmup 1 --label "for reference: the emulator serving the same four requests to curl, in parallel" -- "$work/fetch.sh"
stop_emulator

# --- 1b. onu list on a terminal: ASCII names against names in every script ---------------------
echo
echo "== MCMS onu list on a 120-column terminal: 10,000 ONUs named in ASCII, then in Norwegian, CJK, emoji and combining marks (target: world <= 1.05 x ASCII)"
for names in ascii world; do
    start_emulator mcms_emulator.py --onus 10000 --olts 16 --names "$names"
    base=$url
    mcms_bench_home
    python3 bench/pty_time.py 120 7 "fieldops mcms onu list, $names names, on a terminal" -- "$bin" mcms onu list 2>"$work/pty-$names.txt"
    stop_emulator
done
python3 - "$work/pty-ascii.txt" "$work/pty-world.txt" <<'PY'
import sys
ascii_, world = (float(open(p).read().split()[-1]) for p in sys.argv[1:])
print("  world / ASCII: %.3f x (target <= 1.05 x)" % (world / ascii_))
PY

# --- 2. firmware-bulk over 1,000 ONUs at 50 ms per request ------------------------------------
echo
echo "== MCMS onu firmware-bulk --no-verify: 1,000 ONUs, 50 ms per request, concurrency 16 (target: <= 1.3 x floor)"
start_fleet 3000
mcms_bench_home
# 1,000 ordinary ALPH ONUs with a known active bank that do not already run the target.
"$bin" mcms onu list --json | python3 -c '
import json, sys
rows = json.load(sys.stdin)
ids = [r["id"] for r in rows if r["id"].startswith("ALPH") and r["firmware_bank"] is not None
       and r["state"] == "registered" and r["firmware_version"] not in (None, "R4.3.1")]
print("\n".join(ids[:1000]))' > "$work/ids.txt"
echo "ONUs selected: $(wc -l < "$work/ids.txt")"
curl -s -X POST -H 'Content-Type: application/json' -d '{"delay_ms": 50}' "$base/__admin/latency" >/dev/null
requests_before=$(curl -s "$base/__admin/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["requests"])')
start=$(python3 -c 'import time; print(time.perf_counter())')
set +e
"$bin" mcms onu firmware-bulk --file ALPH-R4.3.1.bin --version R4.3.1 --ids-from "$work/ids.txt" \
    --concurrency 16 --no-verify --report "$work/bulk.jsonl" --yes -q
status=$?
set -e
end=$(python3 -c 'import time; print(time.perf_counter())')
requests_after=$(curl -s "$base/__admin/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["requests"])')
python3 - "$start" "$end" "$status" "$requests_before" "$requests_after" "$work/bulk.jsonl" <<'PY'
import json, sys
start, end, status, before, after, report = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
outcomes = {}
for line in open(report):
    entry = json.loads(line)
    if "outcome" not in entry:
        continue  # the rollout's plan and summary lines
    outcomes[entry["outcome"]] = outcomes.get(entry["outcome"], 0) + 1
onus = sum(outcomes.values())
per_onu = 3  # GET ONU-STATE, GET ONU-CFG, PUT ONU-CFG
floor = per_onu * 0.050 * 1000 / 16
wall = end - start
print("outcomes: %s (exit %d); requests sent: %d (%.2f per ONU, counting the file list and the plan's list requests)" % (
    ", ".join("%s %d" % kv for kv in sorted(outcomes.items())), status, after - before, (after - before) / max(onus, 1)))
print("firmware-bulk wall %.2f s; floor %d x 50 ms x 1000 / 16 = %.2f s; ratio %.2f (target <= 1.30)" % (wall, per_onu, floor, wall / floor))
PY
stop_emulator

# --- 3. the live view over 10,000 ONUs and 32 OLTs ---------------------------------------------
echo
echo "== MCMS live view: 10,000 ONUs, 32 OLTs (targets: alarms <= 1 s; dashboard --watch <= 150 ms CPU per refresh; filtered list <= 1.2 x plain)"
start_fleet 10000 32
mcms_bench_home
echo "active alarms: $("$bin" mcms alarms | wc -l) (ONUs and OLTs)"
timecmd --rss --runs 5 --warmup 1 --label "fieldops mcms alarms (two collection requests + names, sort, render)" -- "$bin" mcms alarms
# CPU of the watch process itself between its 1st and 21st record: 20 refreshes.
python3 - "$bin" <<'PY'
import os, subprocess, sys
ticks = os.sysconf("SC_CLK_TCK")
def cpu(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks
proc = subprocess.Popen([sys.argv[1], "mcms", "dashboard", "--watch", "--interval", "1s"],
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
proc.stdout.readline()
start = cpu(proc.pid)
for _ in range(20):
    proc.stdout.readline()
used = cpu(proc.pid) - start
proc.terminate()
proc.wait()
print("fieldops mcms dashboard --watch: %.0f ms CPU per refresh (%.2f s over 20 refreshes; target <= 150 ms)" % (used / 20 * 1000, used))
PY
plain=$(python3 bench/timecmd.py --json --runs 5 --warmup 1 --label "onu list" -- "$bin" mcms onu list)
filtered=$(python3 bench/timecmd.py --json --runs 5 --warmup 1 --label "onu list --rx-below -25 --sort rx" -- "$bin" mcms onu list --rx-below -25 --sort rx)
python3 - "$plain" "$filtered" <<'PY'
import json, sys
plain, filtered = json.loads(sys.argv[1]), json.loads(sys.argv[2])
key = next(k for k in ("median_ms", "median") if k in plain)
print("fieldops mcms onu list: median %.0f ms; --rx-below -25 --sort rx: median %.0f ms; ratio %.2f (target <= 1.20)" % (
    plain[key], filtered[key], filtered[key] / plain[key]))
PY
echo "rows below -25 dBm: $("$bin" mcms onu list --rx-below -25 --sort rx | wc -l)"
