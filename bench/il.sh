#!/usr/bin/env bash
# InterlinedList figures: `il feed` from a warm cache beside the live fetch, and `il lists --tree`
# with 5,000 lists and 500 folders (warm cache and live). Prints figures; never fails on them.
#
# Usage: bench/il.sh [PATH_TO_RELEASE_FIELDOPS]
# Targets (issue): warm `il feed` median <= 25 ms; `il lists --tree` (5,000/500) <= 150 ms.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-}"
if [ -z "$bin" ]; then
    swift build -c release --static-swift-stdlib --scratch-path /tmp/build-il-release --package-path "$root" >&2
    bin=/tmp/build-il-release/release/fieldops
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

work="$(mktemp -d /tmp/il-bench.XXXXXX)"
emulator_pid=""
cleanup() {
    if [ -n "$emulator_pid" ]; then kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# The emulator prints `listening on http://127.0.0.1:PORT` first.
python3 "$root/Tests/Emulators/interlinedlist_emulator.py" --port 0 --login-limit 0 >"$work/emulator.out" 2>"$work/emulator.err" &
emulator_pid=$!
for _ in $(seq 1 100); do
    grep -q "listening on" "$work/emulator.out" 2>/dev/null && break
    sleep 0.05
done
base="$(sed -n 's/^listening on //p' "$work/emulator.out" | head -1)"
[ -n "$base" ] || { echo "il bench: the emulator did not start" >&2; cat "$work/emulator.err" >&2; exit 1; }

export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" HOME="$work" NO_COLOR=1
mkdir -p "$XDG_CONFIG_HOME/fieldops"
cat >"$XDG_CONFIG_HOME/fieldops/config.yaml" <<YAML
profiles:
  lists:
    backend: il
    base_url: $base
    username: ada@example.com
YAML
printf 'lovelace1\n' | "$bin" -p lists auth login --password-stdin >/dev/null 2>&1

timecmd() { python3 "$root/bench/timecmd.py" "$@"; }
env_args=(--env "XDG_CONFIG_HOME=$XDG_CONFIG_HOME" --env "XDG_DATA_HOME=$XDG_DATA_HOME" --env "XDG_CACHE_HOME=$XDG_CACHE_HOME")

echo "# il bench ($bin, emulator $base)"
# Cached copies younger than a minute are served without a request: warm, then time at once.
"$bin" -p lists il feed --refresh >/dev/null
timecmd "${env_args[@]}" --runs 30 --label "il feed (warm cache)          [<=25 ms]" -- "$bin" -p lists il feed
timecmd "${env_args[@]}" --runs 15 --label "il feed --refresh (live fetch)" -- "$bin" -p lists il feed --refresh

curl -fsS -X POST -H 'Content-Type: application/json' -d '{"lists": 5000, "folders": 500}' "$base/__admin/generate-lists" >/dev/null
timecmd "${env_args[@]}" --runs 5 --warmup 1 --label "il lists --tree 5000/500 (live, 6 pages)" -- "$bin" -p lists il lists --tree --refresh
"$bin" -p lists il lists --tree --refresh >/dev/null
timecmd "${env_args[@]}" --runs 20 --label "il lists --tree 5000/500 (warm) [<=150 ms]" -- "$bin" -p lists il lists --tree
timecmd "${env_args[@]}" --runs 20 --label "__complete il list show l1 (5000 cached)" -- "$bin" __complete -p lists il list show l1
