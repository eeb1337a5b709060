#!/usr/bin/env bash
# `fieldops api` against curl (issue #16): the same authenticated GET made N times, one process
# each, against the InterlinedList emulator on loopback. Prints both totals and the ratio
# (target: fieldops <= 1.3 x curl), in two blocks and then alternating in rounds (ROUNDS,
# default 20). Prints figures; never fails on them.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
fieldops_binary "${1:-}"
count=${COUNT:-500}
throwaway_home
start_emulator interlinedlist_emulator.py
cat > "$XDG_CONFIG_HOME/fieldops/config.yaml" <<YAML
profiles:
  lists: { backend: il, base_url: "$url", http: { retries: 0 } }
YAML
printf 'lovelace1\n' | "$bin" -p lists auth login --username ada@example.com --password-stdin >/dev/null 2>&1
token=$("$bin" -p lists auth token)
# curl reads the header from a file, so the token is in no process's argv.
printf 'Authorization: Bearer %s\n' "$token" > "$work/auth-header"
chmod 600 "$work/auth-header"

# run_many_per N COMMAND...: milliseconds for N runs (microsecond precision); run_many: $count runs, whole ms.
run_many_per() {
    local n=$1 start end
    shift
    start=$(date +%s%N)
    for _ in $(seq 1 "$n"); do "$@" >/dev/null; done
    end=$(date +%s%N)
    python3 -c "print(($end - $start) / 1e6)"
}
run_many() {
    local ms
    ms=$(run_many_per "$count" "$@")
    echo "${ms%.*}"
}
"$bin" -p lists api /api/lists?limit=5 >/dev/null   # warm the page cache
curl -s -H @"$work/auth-header" "$url/api/lists?limit=5" >/dev/null
fieldops_ms=$(run_many "$bin" -p lists api "/api/lists?limit=5")
curl_ms=$(run_many curl -s -f -H @"$work/auth-header" "$url/api/lists?limit=5")
echo "fieldops api GET /api/lists?limit=5, $count processes: ${fieldops_ms} ms ($(( fieldops_ms * 1000 / count )) us each)"
echo "curl       GET /api/lists?limit=5, $count processes: ${curl_ms} ms ($(( curl_ms * 1000 / count )) us each)"
echo "ratio: $(python3 -c "print(f'{$fieldops_ms / max($curl_ms, 1):.2f}')") x curl (target <= 1.3)"
# The same requests again, alternating: ROUNDS rounds of COUNT/ROUNDS fieldops requests then as
# many curl ones, so that both meet the same moments of a shared machine (two blocks of 500
# can meet different ones). The figure is the median round of each.
rounds=${ROUNDS:-20}
per=$(( count / rounds > 0 ? count / rounds : 1 ))
alternating=""
for _ in $(seq 1 "$rounds"); do
    alternating="$alternating $(run_many_per "$per" "$bin" -p lists api "/api/lists?limit=5")"
    alternating="$alternating $(run_many_per "$per" curl -s -f -H @"$work/auth-header" "$url/api/lists?limit=5")"
done
python3 - "$rounds" "$per" $alternating <<'PY'
import statistics, sys
rounds, per = int(sys.argv[1]), int(sys.argv[2])
times = [float(v) for v in sys.argv[3:]]
fieldops, curl = statistics.median(times[0::2]) / per, statistics.median(times[1::2]) / per
print("alternating, %d rounds of %d requests each: fieldops %.2f ms, curl %.2f ms a request (median round): %.2f x curl"
      % (rounds, per, fieldops, curl, fieldops / curl))
PY
# Where the difference goes: fieldops' own start-up (`--help` loads no library and sends
# nothing) beyond the start of the smallest C program (true(1)), which curl's figure includes.
help_ms=$(run_many "$bin" --help)
true_bin=$(PATH=/usr/bin:/bin type -P true)   # the program, not the shell builtin
true_ms=$(run_many "$true_bin")
python3 - "$fieldops_ms" "$curl_ms" "$help_ms" "$true_ms" "$count" <<'PY'
import sys
fieldops, curl, help_, true_, count = (float(v) for v in sys.argv[1:])
start = (help_ - true_) / count
print("fieldops --help %.1f ms, true(1) %.1f ms per process: fieldops' own start-up %.1f ms" % (help_ / count, true_ / count, start))
print("curl + that start-up: %.1f ms per request; fieldops api is %.2f x that (what is left: its config, keyring and request)" % (
    curl / count + start, (fieldops / count) / (curl / count + start)))
PY
