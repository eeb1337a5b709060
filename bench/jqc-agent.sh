#!/usr/bin/env bash
# The JQC sync agent's figures (issue targets in brackets), printed; never fails on them:
#   link up -> 100 queued inspections with photos and issues on the server   [<= 3 s]
#   submit while online with an agent running -> on the server             [<= 2 s]
#   an idle agent's CPU per minute and peak RSS over AGENT_IDLE_SECONDS (default 300)
#                                                                  [<= 50 ms/min, <= 30 MB]
# The first needs root (a network namespace of its own with `ip netns`); it is skipped otherwise.
# Usage: bench/jqc-agent.sh [PATH/TO/fieldops]   (default: a fresh release build)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
fieldops_binary "${1:-}"
count=${AGENT_ITEMS:-100}
idle=${AGENT_IDLE_SECONDS:-300}
throwaway_home
export XDG_RUNTIME_DIR="$work/run"
mkdir -p "$XDG_RUNTIME_DIR"
ns=""
agent_pid=""
finish() {
    [ -n "$agent_pid" ] && kill "$agent_pid" 2>/dev/null && wait "$agent_pid" 2>/dev/null
    [ -n "$ns" ] && ip netns delete "$ns" 2>/dev/null
    bench_cleanup
}
trap finish EXIT
now() { python3 -c 'import time; print(f"{time.monotonic():.3f}")'; }
photo="$work/photo.jpg"
python3 -c 'import sys; open(sys.argv[1], "wb").write(b"\xff\xd8\xff\xe0" + bytes(range(256)) * 16)' "$photo"
answers="$work/answers.json"
echo '{"2": 4, "3": 5, "4": true, "5": "pass", "6": "Good"}' > "$answers"

# queue N: N completed inspections of template 1, each with a photo and an issue with a photo.
queue() {
    for _ in $(seq 1 "$1"); do
        local id
        id=$("$bin" jqc inspect start --template 1 --facility 1 --area 101 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["local_id"])')
        "$bin" -q jqc inspect fill "$id" --answers "$answers" >/dev/null
        "$bin" -q jqc inspect attach "$id" --field 6 "$photo" >/dev/null
        "$bin" -q jqc issue flag --inspection "$id" --severity high --description "Broken dispenser" --photo "$photo" >/dev/null
        "$bin" -q jqc inspect submit "$id" >/dev/null
        echo "$id"
    done
}

# server_count [PREFIX...]: how many of the queued inspections the emulator holds.
server_count() {
    "$@" python3 -c '
import json, sys, urllib.request
state = json.load(urllib.request.urlopen(sys.argv[1] + "/__admin/state", timeout=10))
ids = set(open(sys.argv[2]).read().split())
print(sum(1 for local_id in state.get("inspections", {}) if local_id in ids))' "$url" "$work/queued"
}

configure() {
    printf 'default_profile: bench\nprofiles:\n  bench:\n    backend: jqc\n    base_url: %s\n    username: inspector\n    http: { retries: 0, connect_timeout: 2s }\n' "$url" >"$XDG_CONFIG_HOME/fieldops/config.yaml"
    printf 'secret123\n' | "${prefix[@]}" "$bin" auth login --password-stdin >/dev/null 2>&1
    "${prefix[@]}" "$bin" jqc sync -q >/dev/null
}

echo "fieldops jqc agent ($(basename "$bin"), $(du -h "$bin" | cut -f1))"

# 1. Link up -> everything on the server, in a network namespace of our own.
if [ "$(id -u)" = 0 ] && command -v ip >/dev/null 2>&1; then
    ns="fieldops-bench-$$"
    ip netns add "$ns"
    prefix=(ip netns exec "$ns")
    "${prefix[@]}" ip link set lo up
    "${prefix[@]}" python3 "$bench_root/Tests/Emulators/jqc_emulator.py" --port 0 >"$work/ns-emulator.out" 2>"$work/ns-emulator.err" &
    emulator_pid=$!
    for _ in $(seq 1 200); do url=$(sed -n 's/^listening on //p' "$work/ns-emulator.out" | head -1); [ -n "$url" ] && break; sleep 0.05; done
    configure
    "${prefix[@]}" "$bin" jqc agent --interval 1h 2>"$work/agent.log" &
    agent_pid=$!
    sleep 1
    "${prefix[@]}" ip link set lo down
    queue "$count" > "$work/queued"
    up=$(now)
    "${prefix[@]}" ip link set lo up
    while [ "$(server_count "${prefix[@]}")" -lt "$count" ]; do sleep 0.02; done
    done_at=$(now)
    printf '  link up -> %d inspections (+%d issues, %d photos) on the server: %.2f s   [target <= 3 s]\n' \
        "$count" "$count" $((count * 2)) "$(python3 -c "print($done_at - $up)")"
    attempts=$(grep -c "sync failed:" "$work/agent.log" || true)
    echo "  attempts while the link was down: $attempts (the first poke's, then backoff at 5 s, 10 s, 20 s …; later pokes wait for the network)"
    kill "$agent_pid"; wait "$agent_pid" 2>/dev/null || true; agent_pid=""
    stop_emulator
    ip netns delete "$ns"; ns=""
    rm -rf "$XDG_DATA_HOME/fieldops/bench"
else
    echo "  link up -> on the server: skipped (needs root for a network namespace)"
fi

# 2. Submit while online -> on the server, and 3. the idle agent, on the host's loopback.
prefix=()
start_emulator jqc_emulator.py
configure
"$bin" jqc agent --interval 1h 2>"$work/agent-online.log" &
agent_pid=$!
sleep 1
samples=""
for _ in 1 2 3 4 5; do
    queue 1 > "$work/queued"
    start=$(now)
    while [ "$(server_count)" -lt 1 ]; do sleep 0.01; done
    samples="$samples $(python3 -c "print(round($(now) - $start, 3))")"
done
echo "  submit while online -> on the server (5 runs):$samples s   [target <= 2 s]"

ticks=$(getconf CLK_TCK)
cpu() { awk -v t="$ticks" '{ printf "%.0f", ($14 + $15) * 1000 / t }' "/proc/$agent_pid/stat"; }
before=$(cpu)
sleep "$idle"
after=$(cpu)
rss=$(awk '/VmHWM/ { print $2 }' "/proc/$agent_pid/status")
anon=$(awk '/RssAnon/ { print $2 }' "/proc/$agent_pid/status")
printf '  idle agent over %d s: %.1f ms CPU per minute, peak RSS %.1f MB (%.1f MB of it anonymous, the rest pages of the binary and its libraries)   [targets <= 50 ms/min, <= 30 MB]\n' \
    "$idle" "$(python3 -c "print(($after - $before) * 60 / $idle)")" "$(python3 -c "print($rss / 1024)")" "$(python3 -c "print($anon / 1024)")"
floor=$(/usr/bin/time -f %M "$bin" --version 2>&1 >/dev/null | tail -1)
printf '  RSS floor: `fieldops --version` (libcurl and OpenSSL loaded, no request) peaks at %.1f MB\n' "$(python3 -c "print($floor / 1024)")"
