#!/usr/bin/env bash
# `fieldops jqc sync` of 1,000 completed inspections with 1,000 photos (100 KB) and 1,000 issues
# against the JQC emulator, beside the emulator's raw capacity measured with curl making the
# same requests at the same concurrency; then the local commands' start-up.
# Prints figures; never fails on them.
# Usage: bench/jqc-sync.sh [PATH/TO/fieldops]   (default: a fresh release build)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
fieldops_binary "${1:-}"
count=${COUNT:-1000}
photo_bytes=${PHOTO_BYTES:-102400}
concurrency=${CONCURRENCY:-6}
runs=${RUNS:-3}

throwaway_home
start_emulator jqc_emulator.py --upload-dir "$work/uploads"
printf 'default_profile: bench\nprofiles:\n  bench:\n    backend: jqc\n    base_url: %s\n    username: inspector\n' "$url" >"$XDG_CONFIG_HOME/fieldops/config.yaml"
store="$XDG_DATA_HOME/fieldops/bench"

admin() { curl -sf -X POST "$url/__admin/$1" -H 'Content-Type: application/json' -d "${2:-{\}}" >/dev/null; }
login() { printf 'secret123\n' | "$bin" auth login --password-stdin >/dev/null 2>&1; }
created() { curl -sf "$url/__admin/state" | python3 -c 'import json,sys; c=json.load(sys.stdin)["created_counts"]; print("%d photos, %d inspections, %d issues created" % (c["photos"], c["inspections"], c["issues"]))'; }
timed() { python3 "$here/timecmd.py" "$@"; }

# One queued store, restored before each sync.
login
"$bin" jqc sync -q >/dev/null
python3 "$here/jqc_queue.py" "$store" "$count" "$photo_bytes"
cp -a "$store" "$work/queued"

echo "fieldops jqc sync: $count inspections + $count photos ($((photo_bytes / 1024)) KB) + $count issues, concurrency $concurrency ($(basename "$bin"), $(du -h "$bin" | cut -f1))"
timed --runs 30 --label "fieldops --version (start-up floor)" -- "$bin" --version
timed --runs 30 --label "jqc status ($((count * 3)) queued)" -- "$bin" jqc status
timed --runs 30 --label "jqc facilities" -- "$bin" jqc facilities

sync_results="$work/sync.jsonl"
for run in $(seq "$runs"); do
  admin reset
  rm -rf "$store" && cp -a "$work/queued" "$store"
  login
  timed --rss --json --runs 1 --warmup 0 --label "fieldops jqc sync (run $run)" -- "$bin" jqc sync --concurrency "$concurrency" | tee -a "$sync_results" >/dev/null
  echo "  run $run: $(tail -1 "$sync_results" | python3 -c 'import json,sys; r=json.load(sys.stdin); print("%.0f ms, peak-rss %.1f MB, exit %s" % (r["median_ms"], r["max_rss_mb"], r["exit_codes"]))'); $(created)"
done

curl_results="$work/curl.jsonl"
for run in $(seq "$runs"); do
  admin reset
  token=$(curl -sf -X POST "$url/api/v1/auth/login" -H 'Content-Type: application/json' -d '{"username":"inspector","password":"secret123"}' \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["access_token"])')
  rm -rf "$work/curl" && mkdir -p "$work/curl"
  python3 "$here/jqc_curl_baseline.py" "$work/curl" "$url" "$token" "$count" "$photo_bytes"
  c="$work/curl"
  timed --json --runs 1 --warmup 0 --label "curl baseline (run $run)" -- bash -c \
    "curl -s --no-progress-meter --parallel --parallel-max $concurrency -K $c/photos.cfg && curl -s --no-progress-meter --parallel --parallel-max $concurrency -K $c/inspections.cfg && curl -s --no-progress-meter --parallel --parallel-max $concurrency -K $c/issues.cfg && curl -s -K $c/tail.cfg" \
    | tee -a "$curl_results" >/dev/null
  echo "  curl run $run: $(tail -1 "$curl_results" | python3 -c 'import json,sys; print("%.0f ms" % json.load(sys.stdin)["median_ms"])'); $(created)"
done

python3 - "$sync_results" "$curl_results" <<'PY'
import json, statistics, sys
sync = [json.loads(l) for l in open(sys.argv[1])]
curl = [json.loads(l) for l in open(sys.argv[2])]
s = statistics.median(r["median_ms"] for r in sync)
c = statistics.median(r["median_ms"] for r in curl)
rss = max(r["max_rss_mb"] for r in sync)
print("fieldops jqc sync   median %8.0f ms  peak-rss %5.1f MB  (%d runs)" % (s, rss, len(sync)))
print("curl, same requests median %8.0f ms  (%d runs)" % (c, len(curl)))
print("ratio sync/curl %.2f (target <= 1.5); peak RSS target <= 60 MB; local commands target <= 25 ms median" % (s / c))
PY
