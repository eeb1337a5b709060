#!/usr/bin/env bash
# MCMS across many appliances (prints figures; never fails on them):
#  1. `fieldops mcms onu list --all-profiles --max-parallel 20` over 20 appliances of 5,000 ONUs
#     each, every request answered after 50 ms: wall, fieldops CPU and peak RSS, beside the
#     shell fan-out a NOC writes today — the twenty `fieldops -p site-X mcms onu list` run side
#     by side — measured in the same run (its wall, and the twenty processes' CPU added up), and
#     beside the slowest single appliance's own listing.
#  2. `fieldops mcms onu find SERIAL` from the caches (--cached) and live, beside one appliance's
#     single-ONU lookup (`onu show ID` on the appliance that holds it).
#
# Usage: bench/mcms-appliances.sh [PATH_TO_RELEASE_FIELDOPS]   (builds one when not given)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

source "$root/bench/lib.sh"
fieldops_binary "${1:-}"
throwaway_home

count=20
onus=5000
echo "== MCMS across $count appliances x $onus ONUs, 50 ms per request (targets: wall <= 1.0 x the shell fan-out; CPU <= 1.1 x its CPU; peak RSS <= 150 MB)"
python3 "$root/Tests/Emulators/mcms_appliances.py" --count "$count" --onus "$onus" --olts 8 --latency-ms 50 \
    >"$work/appliances.out" 2>"$work/appliances.err" &
emulator_pid=$!
for _ in $(seq 1 1200); do grep -q '^ready$' "$work/appliances.out" 2>/dev/null && break; sleep 0.1; done
grep -q '^ready$' "$work/appliances.out" || { echo "bench: the appliances did not start: $(cat "$work/appliances.err")" >&2; exit 1; }

{
    echo "profiles:"
    while read -r word name url _; do
        [ "$word" = appliance ] || continue
        printf '  %s: {backend: mcms, base_url: %s, http: {version: "1.1"}}\n' "$name" "$url"
    done <"$work/appliances.out"
} >"$XDG_CONFIG_HOME/fieldops/config.yaml"
names=$(awk '$1 == "appliance" { print $2 }' "$work/appliances.out")
for name in $names; do
    printf 'pon-secret\n' | "$bin" -p "$name" auth login --username tech@example.net --password-stdin >/dev/null 2>&1
done

rows=$("$bin" mcms onu list --all-profiles --max-parallel "$count" | wc -l)
echo "rows listed across the appliances: $rows"

# The shell fan-out: every appliance's listing in its own process, side by side.
{
    echo '#!/usr/bin/env bash'
    for name in $names; do echo "\"$bin\" -p $name mcms onu list >/dev/null &"; done
    echo 'wait'
} >"$work/fanout.sh"

# Alternating, so both see the same machine: fieldops first, then the shell loop, five times.
python3 - "$work" "$bin" "$count" "${env_args[@]}" <<'PY'
import json, os, subprocess, sys
work, binary, count = sys.argv[1], sys.argv[2], sys.argv[3]
env_args = sys.argv[4:]
def measure(label, command):
    out = subprocess.run([sys.executable, "bench/timecmd.py", "--json", "--rss", "--cpu", "--runs", "1", "--warmup", "0",
                          *env_args, "--label", label, "--", *command], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)
ours, theirs = [], []
measure("warm-up", [binary, "mcms", "onu", "list", "--all-profiles", "--max-parallel", count])
for _ in range(5):
    ours.append(measure("fieldops", [binary, "mcms", "onu", "list", "--all-profiles", "--max-parallel", count]))
    theirs.append(measure("shell", ["bash", os.path.join(work, "fanout.sh")]))
def median(values):
    values = sorted(values)
    return values[len(values) // 2]
def figures(runs):
    return median([r["median_ms"] / 1000 for r in runs]), median([r["cpu_s"] for r in runs]), max(r["max_rss_mb"] for r in runs)
wall, cpu, rss = figures(ours)
shell_wall, shell_cpu, shell_rss = figures(theirs)
print("fieldops onu list --all-profiles --max-parallel %s: wall %.2f s, CPU %.2f s, peak RSS %.1f MB (median of 5)" % (count, wall, cpu, rss))
print("shell fan-out, %s fieldops processes side by side: wall %.2f s, CPU %.2f s added up (median of 5)" % (count, shell_wall, shell_cpu))
print("ratios: wall %.2f x (target <= 1.0), CPU %.2f x (target <= 1.1); peak RSS %.1f MB (target <= 150 MB)" % (
    wall / shell_wall, cpu / shell_cpu, rss))
json.dump({"wall": wall, "cpu": cpu}, open(os.path.join(work, "fleet.json"), "w"))
PY

# The slowest appliance's own listing, each run alone.
slowest=0
for name in $names; do
    seconds=$(timecmd --json --runs 1 --warmup 0 "${env_args[@]}" --label "$name" -- "$bin" -p "$name" mcms onu list |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["median_ms"] / 1000)')
    slowest=$(python3 -c "print(max($slowest, $seconds))")
done
python3 - "$work/fleet.json" "$slowest" "$count" <<'PY'
import json, sys
fleet = json.load(open(sys.argv[1]))
slowest = float(sys.argv[2])
print("slowest single appliance's own listing: %.2f s; the %s-appliance listing is %.2f x it" % (slowest, sys.argv[3], fleet["wall"] / slowest))
print("on this 2-core machine the twenty listings' CPU (%.2f s in fieldops) is the floor of the wall time, not the network:" % fleet["cpu"])
print("  %.2f s of CPU over 2 cores is at least %.2f s, against %.2f s of one appliance's requests at 50 ms each" % (fleet["cpu"], fleet["cpu"] / 2, slowest))
PY

# --- 2. onu find ---------------------------------------------------------------------------------
echo
echo "== MCMS onu find SERIAL across $count appliances (targets: cached <= 50 ms; live <= 1.2 x one appliance's single-ONU lookup)"
owner=$(echo "$names" | sed -n 7p)
id=$("$bin" -p "$owner" mcms onu list --limit 40 -o ndjson | sed -n 40p | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
echo "looking for $id (on $owner)"
"$bin" mcms onu find "$id" --cached
timecmd --runs 20 --warmup 2 "${env_args[@]}" --label "fieldops mcms onu find $id --cached (the local caches)" -- "$bin" mcms onu find "$id" --cached
timecmd --runs 10 --warmup 1 "${env_args[@]}" --label "fieldops mcms onu find $id (caches, then the $count appliances live, 32 at once by default)" -- "$bin" mcms onu find "$id"
timecmd --runs 10 --warmup 1 "${env_args[@]}" --label "fieldops -p $owner mcms onu show $id (one appliance's single-ONU lookup)" -- "$bin" -p "$owner" mcms onu show "$id"
