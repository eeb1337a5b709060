#!/usr/bin/env bash
# MCMS over time (prints figures; never fails on them):
#  1. One sample of 10,000 ONUs (`mcms record --once`): fieldops CPU beside the CPU of the
#     listing itself (`mcms onu list -o ndjson`, the same paged reads), and the store's growth
#     per ONU per sample.
#  2. A month of history of 10,000 ONUs (23 days hourly, 7 days of 5-minute samples), written
#     by the recorder's own store code (fieldops-bench history-fill): `onu history` over 30 days,
#     and `onu drift` over the fleet and 7 days.
#  3. The recorder idle between samples: its CPU over a minute.
#
# Usage: bench/mcms-history.sh [PATH_TO_RELEASE_FIELDOPS]   (builds one when not given)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

source "$root/bench/lib.sh"
fieldops_binary "${1:-}"
throwaway_home
swift build -c release --static-swift-stdlib --package-path "$root" --product fieldops-bench >&2
bench_bin="$root/.build/release/fieldops-bench"

emulator_start_seconds=60
start_emulator mcms_emulator.py --onus 10000 --olts 16
printf 'profiles:\n  lab:\n    backend: mcms\n    base_url: %s\n  month:\n    backend: mcms\n    base_url: %s\n' "$url" "$url" \
    >"$XDG_CONFIG_HOME/fieldops/config.yaml"
printf 'pon-secret\n' | "$bin" -p lab auth login --username tech@example.net --password-stdin >/dev/null

echo "== one sample of 10,000 ONUs (targets: <= 0.5 s of CPU beyond the listing; <= 50 bytes per ONU per sample)"
"$bin" -p lab mcms record --once >/dev/null
store="$XDG_DATA_HOME/fieldops/lab/history.sqlite"
size() { python3 - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
pages, free, size = (db.execute(f"PRAGMA {p}").fetchone()[0] for p in ("page_count", "freelist_count", "page_size"))
samples, onus = db.execute("SELECT count(*), max(onus) FROM samples WHERE span = 0").fetchone()
print((pages - free) * size, samples, onus)
PY
}
read -r before samples_before onus <<<"$(size "$store")"
python3 - "$bin" "${env_args[@]}" <<'PY'
import json, subprocess, sys
binary, env_args = sys.argv[1], sys.argv[2:]
def measure(label, command):
    out = subprocess.run([sys.executable, "bench/timecmd.py", "--json", "--cpu", "--runs", "1", "--warmup", "0", *env_args,
                          "--label", label, "--", "sh", "-c", command], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)
record, listing = [], []
for _ in range(5):
    record.append(measure("record", f"'{binary}' -p lab mcms record --once >/dev/null"))
    listing.append(measure("listing", f"'{binary}' -p lab mcms onu list -o ndjson >/dev/null"))
def median(values): return sorted(values)[len(values) // 2]
cpu_record = median([r["cpu_s"] for r in record])
cpu_listing = median([r["cpu_s"] for r in listing])
print(f"record --once: wall {median([r['median_ms'] for r in record]) / 1000:.2f} s, CPU {cpu_record:.3f} s; "
      f"onu list: wall {median([r['median_ms'] for r in listing]) / 1000:.2f} s, CPU {cpu_listing:.3f} s; "
      f"beyond the listing: {cpu_record - cpu_listing:+.3f} s of CPU (median of 5, alternating)")
PY
read -r after samples_after onus <<<"$(size "$store")"
python3 -c "import sys; b,a,s,o=map(int,sys.argv[1:]); print(f'store growth: {(a-b)/s/o:.1f} bytes per ONU per sample ({s} samples of {o} ONUs, {a-b} bytes)')" \
    "$before" "$after" "$((samples_after - samples_before))" "$onus"

echo "== a month of 10,000 ONUs (targets: onu history over 30 days <= 50 ms; drift over 7 days <= 1 s)"
end="2026-06-30T12:00:00Z"
mkdir -p "$XDG_DATA_HOME/fieldops/month"
/usr/bin/time -f "filled in %e s, %M KB peak" "$bench_bin" history-fill --store "$XDG_DATA_HOME/fieldops/month/history.sqlite" \
    --onus 10000 --hourly-days 23 --raw-days 7 --end "$end"
ls -l "$XDG_DATA_HOME/fieldops/month/history.sqlite" | awk '{printf "month store: %.0f MB\n", $5 / 1e6}'
timecmd --runs 20 --warmup 2 "${env_args[@]}" --env "FIELDOPS_NOW=$end" --label "onu history --since 30d (one ONU, 2,568 points)" -- \
    "$bin" -p month mcms onu history ALPH10000032 --since 30d --json
timecmd --runs 20 --warmup 2 "${env_args[@]}" --env "FIELDOPS_NOW=$end" --label "onu history --since 24h" -- \
    "$bin" -p month mcms onu history ALPH10000032 --json
timecmd --runs 5 --warmup 1 --cpu "${env_args[@]}" --env "FIELDOPS_NOW=$end" --label "onu drift (10,000 ONUs, 7 days)" -- \
    "$bin" -p month mcms onu drift --json
FIELDOPS_NOW=$end "$bin" -p month mcms onu drift --json | python3 -c '
import json, sys
found = json.load(sys.stdin)
largest = max([x.get("group_size") or 0 for x in found] or [0])
print(f"drift found {len(found)} ONUs, the largest group {largest}")'

echo "== the recorder idle between samples (target: <= 10 ms of CPU a minute)"
"$bin" -p lab mcms record --every 10m >/dev/null 2>&1 &
recorder=$!
sleep 8
ticks() { awk '{print $14 + $15}' "/proc/$recorder/stat"; }
t0=$(ticks)
sleep 60
t1=$(ticks)
kill -TERM "$recorder"
wait "$recorder" || true
hz=$(getconf CLK_TCK)
python3 -c "import sys; d,hz=int(sys.argv[1]),int(sys.argv[2]); print(f'recorder idle: {d*1000/hz:.0f} ms of CPU over 60 s')" "$((t1 - t0))" "$hz"
