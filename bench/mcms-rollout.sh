#!/usr/bin/env bash
# MCMS staged rollout benchmark (prints figures; never fails on them): the issue's scenario —
# 1,000 ONUs on 8 OLTs, 100 ms per request, boot delay 5 s ± 1 s, waves 1%,10%,100%,
# --per-olt 16, --concurrency 64, every activation verified — timed beside two floors:
#
#  * the issue's figure: for each wave, its requests × 100 ms / concurrency, plus one boot delay.
#    It assumes a whole wave reboots at once, which 64 slots cannot do for a wave of 900.
#  * the honest floor: each ONU needs, one after another, its two reads (in parallel: one
#    latency), its PUT (one latency), its boot (the mean delay) and one poll answer that sees it
#    back (one latency): t = 3 × L + B. A wave of n ONUs has S = min(concurrency,
#    Σ over OLTs of min(per-olt, ONUs of the wave on that OLT)) slots, so it needs at least
#    ceil(n / S) such turns: floor = Σ over waves ceil(n / S) × (3 × L + B), plus two latencies
#    before the first wave (the file list, then the plan's lists in parallel).
#
# Also: the verification requests counted from the emulator's log against the load rule ("at
# most one request per 5 s per ONU being verified": Σ of each ONU's verification time / 5 s),
# and fieldops' peak RSS.
#
# Smaller runs: ROLLOUT_ONUS, ROLLOUT_BOOT, ROLLOUT_JITTER, ROLLOUT_LATENCY_MS,
# ROLLOUT_CONCURRENCY, ROLLOUT_PER_OLT (defaults: the issue's scenario, about 2 minutes).
#
# Usage: bench/mcms-rollout.sh [PATH_TO_RELEASE_FIELDOPS]   (builds one when not given)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

source "$root/bench/lib.sh"
fieldops_binary "${1:-}"
throwaway_home

onus=${ROLLOUT_ONUS:-1000}
boot=${ROLLOUT_BOOT:-5}
jitter=${ROLLOUT_JITTER:-1}
latency_ms=${ROLLOUT_LATENCY_MS:-100}
concurrency=${ROLLOUT_CONCURRENCY:-64}
per_olt=${ROLLOUT_PER_OLT:-16}
waves="1%,10%,100%"

echo "== MCMS staged rollout: $onus ONUs on 8 OLTs, ${latency_ms} ms per request, boot ${boot} s ± ${jitter} s, waves $waves, --per-olt $per_olt, --concurrency $concurrency (target: wall <= 1.15 x floor, peak RSS <= 60 MB)"
# About 35% of the generated fleet is a registered ALPH ONU not yet on R4.3.1 (the image fits it).
start_emulator mcms_emulator.py --onus $(( onus * 3 + 300 )) --olts 8 --boot-delay "$boot" --boot-jitter "$jitter"
base=$url
mcms_bench_home
"$bin" mcms onu list --state registered --json | python3 -c '
import json, sys
rows = json.load(sys.stdin)
ids = [r["id"] for r in rows if r["id"].startswith("ALPH") and r["firmware_bank"] is not None
       and r["firmware_version"] not in (None, "R4.3.1")]
print("\n".join(ids[:int(sys.argv[1])]))' "$onus" > "$work/ids.txt"
echo "ONUs selected: $(wc -l < "$work/ids.txt")"
curl -s -X POST -H 'Content-Type: application/json' -d "{\"delay_ms\": $latency_ms}" "$base/__admin/latency" >/dev/null
log_before=$(curl -s "$base/__admin/requests" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')

set +e
result=$(python3 bench/timecmd.py --json --rss --runs 1 --warmup 0 --label rollout -- \
    "$bin" mcms onu firmware-bulk --file ALPH-R4.3.1.bin --ids-from "$work/ids.txt" --waves "$waves" \
    --per-olt "$per_olt" --concurrency "$concurrency" --report "$work/rollout.jsonl" --yes -q)
set -e
curl -s "$base/__admin/requests" > "$work/requests.json"
curl -s "$base/__admin/activations" > "$work/activations.json"

python3 - "$result" "$work/rollout.jsonl" "$work/requests.json" "$work/activations.json" "$log_before" \
    "$latency_ms" "$boot" "$concurrency" "$per_olt" <<'PY'
import json, math, sys
result = json.loads(sys.argv[1])
report, requests_path, activations_path = sys.argv[2], sys.argv[3], sys.argv[4]
log_before = int(sys.argv[5])
latency, boot = float(sys.argv[6]) / 1000, float(sys.argv[7])
concurrency, per_olt = int(sys.argv[8]), int(sys.argv[9])

plan, last = None, {}
for line in open(report):
    entry = json.loads(line)
    if "rollout" in entry:
        plan = entry["rollout"]
    elif "id" in entry:
        last[entry["id"]] = entry
outcomes = {}
for entry in last.values():
    key = entry["outcome"] + ("/" + entry["verify"] if entry.get("verify") else "")
    outcomes[key] = outcomes.get(key, 0) + 1

activations = json.load(open(activations_path))
olt_of = {r["id"]: r["olt"] for r in activations["log"]}
issue_floor = honest_floor = 0.0
rows = []
for wave in plan["waves"]:
    ids = wave["ids"]
    n = len(ids)
    per = {}
    for i in ids:
        per[olt_of.get(i)] = per.get(olt_of.get(i), 0) + 1
    slots = min(concurrency, sum(min(per_olt, c) for c in per.values()))
    turns = math.ceil(n / slots)
    honest = turns * (3 * latency + boot)
    issue = 3 * n * latency / concurrency + boot
    honest_floor += honest
    issue_floor += issue
    rows.append("  %-7s %4d ONUs, %3d slots, %2d turns: honest floor %6.1f s; issue's figure %5.1f s" % (
        wave["name"], n, slots, turns, honest, issue))
honest_floor += 2 * latency

wall = result["median_ms"] / 1000
print("outcomes: %s (exit %s)" % (", ".join("%s %d" % kv for kv in sorted(outcomes.items())), result["exit_codes"]))
print("\n".join(rows))
print("rollout wall %.1f s; honest floor %.1f s (ratio %.2f, target <= 1.15); the issue's figure %.1f s (ratio %.2f)" % (
    wall, honest_floor, wall / honest_floor, issue_floor, wall / issue_floor))

log = json.load(open(requests_path))[log_before:]
def is_poll(r):
    q = r.get("query", {})
    return ((r["path"] == "/api/v1/onus/states/" and "FW Upgrade" in q.get("projection", ""))
            or (r["path"] == "/api/v1/olts/states/" and "ONU States" in q.get("projection", "") and "query" in q))
polls = sum(1 for r in log if r["method"] == "GET" and is_poll(r))
verifying = sum(e["back_after_s"] or 0 for e in last.values() if e.get("verify"))
budget = verifying / 5
print("verification requests: %d (ONU-state and OLT-bucket lists); allowed by one per 5 s per ONU being verified: %.0f (%.0f ONU-seconds verifying); %.1f%% of the allowance" % (
    polls, budget, verifying, 100 * polls / budget if budget else 0))
seen_back = [e["back_after_s"] for e in last.values() if e.get("back_after_s") is not None]
if seen_back:
    print("time from the write to seeing the ONU back: mean %.2f s against a mean boot of %.1f s (the wait for the next poll round, plus its request latency)" % (
        sum(seen_back) / len(seen_back), boot))
print("all requests during the rollout: %d (%.2f per ONU)" % (len(log), len(log) / max(1, len(last))))
print("peak per-OLT concurrent activations (emulator log): %s (cap %d)" % (
    max(activations["max_concurrent_per_olt"].values() or [0]), per_olt))
print("fieldops peak RSS %.1f MB (target <= 60 MB)" % result["max_rss_mb"])
PY
