#!/usr/bin/env bash
# InterlinedList figures: `il feed` from a warm cache beside the live fetch, and `il lists --tree`
# with 5,000 lists and 500 folders (warm cache and live). Prints figures; never fails on them.
#
# Usage: bench/il.sh [PATH_TO_RELEASE_FIELDOPS]
# Targets (issue): warm `il feed` median <= 25 ms; `il lists --tree` (5,000/500) <= 150 ms.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/bench/lib.sh"
fieldops_binary "${1:-}"
throwaway_home
export NO_COLOR=1
start_emulator interlinedlist_emulator.py --login-limit 0
base=$url
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
