#!/usr/bin/env bash
# HTTP core benchmark: prints figures, asserts nothing (DESIGN.md §7).
#   * 2,000 small GETs over one kept-alive connection: fieldops-bench vs curl, sequential
#   * the same 2,000 with 16 in flight
#   * a 200 MB multipart upload: peak RSS of the uploading process
# Against http_test_server.py (the emulator base, one python process) and, because that
# server saturates first, against bench/loopback_server.py (asyncio, several processes).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

COUNT=${COUNT:-2000}
ROUNDS=${ROUNDS:-3}
SCRATCH=${SCRATCH:-/tmp/build-http-release}
WORK=$(mktemp -d /tmp/fieldops-bench.XXXXXX)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

echo "building fieldops-bench (release, static stdlib)..." >&2
swift build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --product fieldops-bench >&2
BENCH="$SCRATCH/release/fieldops-bench"

# start_server NAME COMMAND...: runs a server that prints `listening on URL`, sets $URL.
start_server() {
    local name=$1; shift
    "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
    PIDS+=($!)
    for _ in $(seq 1 200); do
        if grep -q '^listening on ' "$WORK/$name.out" 2>/dev/null; then
            URL=$(sed -n 's/^listening on //p' "$WORK/$name.out" | head -1)
            return 0
        fi
        sleep 0.05
    done
    echo "$name did not start:" >&2; cat "$WORK/$name.err" >&2; exit 1
}

now() { date +%s.%N; }

# Called before every timed run: the emulator's request log and python's garbage collector
# would otherwise make whichever client runs later look slower.
PREPARE=true
prepare_emulator() {  # BASE [LATENCY_MS]
    curl -s -X POST "$1/__admin/reset" >/dev/null
    if [ "${2:-0}" != 0 ]; then
        curl -s -X POST -H 'Content-Type: application/json' -d "{\"delay_ms\": $2}" "$1/__admin/latency" >/dev/null
    fi
}

# best_of N COMMAND...: the fastest wall time of N runs, in seconds.
best_of() {
    local rounds=$1; shift
    local best=""
    for _ in $(seq 1 "$rounds"); do
        local start end took
        $PREPARE
        start=$(now); "$@" >/dev/null; end=$(now)
        took=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$took < $best" | bc -l)" = 1 ]; then best=$took; fi
    done
    printf '%.3f' "$best"
}

# Both tools are timed the same way: wall time of the whole process (start-up, connection,
# every transfer). fieldops-bench also reports its own timer, shown in the last column.
bench_get() {  # URL CONCURRENCY ROUNDS -> "wall inner"
    local best="" inner=""
    for _ in $(seq 1 "$3"); do
        local start end took line
        $PREPARE
        start=$(now); line=$("$BENCH" get --url "$1" --count "$COUNT" --concurrency "$2"); end=$(now)
        took=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$took < $best" | bc -l)" = 1 ]; then
            best=$took
            inner=$(echo "$line" | sed -n 's/.*seconds=\([0-9.]*\).*/\1/p')
        fi
    done
    printf '%.3f %s' "$best" "$inner"
}

curl_config() {  # URL -> config file with COUNT transfers
    local file="$WORK/curl.cfg"
    : >"$file"
    for _ in $(seq 1 "$COUNT"); do printf 'url = "%s"\noutput = "/dev/null"\n' "$1" >>"$file"; done
    echo "$file"
}

ratio() { printf '%.2f' "$(echo "$1 / $2" | bc -l)"; }
rps() { printf '%.0f' "$(echo "$COUNT / $1" | bc -l)"; }

run_get_suite() {  # LABEL URL ROUNDS
    local label=$1 url=$2 rounds=$3 cfg curl_seq curl_par ours_seq ours_par
    cfg=$(curl_config "$url")
    curl_seq=$(best_of "$rounds" curl -s --no-progress-meter --parallel-max 1 -K "$cfg")
    curl_par=$(best_of "$rounds" curl -s --no-progress-meter --parallel --parallel-max 16 -K "$cfg")
    read -r ours_seq ours_seq_inner <<<"$(bench_get "$url" 1 "$rounds")"
    read -r ours_par ours_par_inner <<<"$(bench_get "$url" 16 "$rounds")"
    printf '%-24s %-30s %8s %8s %-18s\n' "$label" "sequential: curl" "$curl_seq" "$(rps "$curl_seq")" ""
    printf '%-24s %-30s %8s %8s %-18s %s\n' "" "sequential: fieldops" "$ours_seq" "$(rps "$ours_seq")" "$(ratio "$ours_seq" "$curl_seq")x curl's time" "$ours_seq_inner"
    printf '%-24s %-30s %8s %8s %-18s\n' "" "16 in flight: curl --parallel" "$curl_par" "$(rps "$curl_par")" ""
    printf '%-24s %-30s %8s %8s %-18s %s\n' "" "16 in flight: fieldops" "$ours_par" "$(rps "$ours_par")" "$(ratio "$ours_seq" "$ours_par")x faster than seq" "$ours_par_inner"
}

start_server emulator python3 Tests/Emulators/http_test_server.py --port 0
EMULATOR="$URL"
EMULATOR_URL="$URL/small"
start_server fast python3 bench/loopback_server.py --port 0 --workers 2
FAST_URL="$URL/small"

echo
echo "fieldops HTTP core benchmark: $COUNT GETs of /small, best of $ROUNDS, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $(curl --version | head -1 | cut -d' ' -f1-2)"
echo "wall s = whole process (start-up included) for both tools; inner s = fieldops-bench's own timer after one warm-up request"
printf '%-24s %-30s %8s %8s %-18s %s\n' "server" "run" "wall s" "req/s" "ratio" "inner s"
PREPARE="prepare_emulator $EMULATOR"
run_get_suite "http_test_server.py" "$EMULATOR_URL" "$ROUNDS"
PREPARE=true
run_get_suite "loopback_server.py" "$FAST_URL" "$ROUNDS"
# With a network-like 5 ms per request, waiting dominates and concurrency shows its worth.
PREPARE="prepare_emulator $EMULATOR 5"
run_get_suite "emulator + 5 ms latency" "$EMULATOR_URL" 1
PREPARE="prepare_emulator $EMULATOR"
$PREPARE

head -c $((200 * 1024 * 1024)) /dev/zero >"$WORK/upload.bin"
upload=$("$BENCH" upload --url "${EMULATOR_URL%/small}/upload" --file "$WORK/upload.bin")
echo
printf '%-22s %s\n' "200 MB multipart" "$upload"
hwm=$(echo "$upload" | sed -n 's/.*vmhwm_kb=\([0-9]*\).*/\1/p')
printf '%-22s %s MB (target < 40 MB)\n' "peak RSS (VmHWM)" "$(echo "scale=1; $hwm / 1024" | bc -l)"
