#!/usr/bin/env bash
# Offline answers at once (issue #39). Prints figures; never fails on them.
#
# With a warm local copy and the server refusing connections (its emulator stopped: the port is
# closed), the reads a local copy answers — `il feed`, `il lists`, `il list show` from the IL
# mirror, `jqc history` from the JQC store — with the profile's default retries (2), which the
# reads skip because a local copy answers. Beside them, `il feed --no-cache`: a read with no local
# answer, which keeps the retry policy (about a second of back-off).
#
# Usage: bench/offline.sh [PATH_TO_RELEASE_FIELDOPS]
# Target (issue #39): <= 50 ms each with the server refusing connections.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/bench/lib.sh"
fieldops_binary "${1:-}"
throwaway_home
export NO_COLOR=1


echo "# offline bench ($bin): the server refusing connections, default retries"

# --- InterlinedList: the mirror filled by login and il sync --------------------------------
start_emulator interlinedlist_emulator.py --login-limit 0
cat >"$XDG_CONFIG_HOME/fieldops/config.yaml" <<YAML
profiles:
  lists:
    backend: il
    base_url: $url
    username: ada@example.com
YAML
printf 'lovelace1\n' | "$bin" -p lists auth login --password-stdin >/dev/null 2>&1
"$bin" -p lists il sync >/dev/null
"$bin" -p lists il feed >/dev/null
il_url=$url
stop_emulator
if curl -fsS -o /dev/null "$il_url/api/lists" 2>/dev/null; then echo "bench: $il_url still answers" >&2; exit 1; fi
timecmd "${env_args[@]}" --runs 20 --label "il feed, server refusing [<=50 ms]" -- "$bin" -p lists il feed
timecmd "${env_args[@]}" --runs 20 --label "il lists, server refusing [<=50 ms]" -- "$bin" -p lists il lists
timecmd "${env_args[@]}" --runs 20 --label "il list show l001, server refusing [<=50 ms]" -- "$bin" -p lists il list show l001
timecmd "${env_args[@]}" --runs 3 --warmup 0 --label "il feed --no-cache, server refusing (no local answer: retries kept)" \
    -- "$bin" -p lists il feed --no-cache

# --- JQC: history pages kept in the store ------------------------------------------------------
start_emulator jqc_emulator.py
cat >"$XDG_CONFIG_HOME/fieldops/config.yaml" <<YAML
default_profile: site
profiles:
  site:
    backend: jqc
    base_url: $url
    username: inspector
YAML
printf 'secret123\n' | "$bin" auth login --password-stdin >/dev/null 2>&1
"$bin" jqc history >/dev/null 2>&1
stop_emulator
timecmd "${env_args[@]}" --runs 20 --label "jqc history, server refusing [<=50 ms]" -- "$bin" jqc history
timecmd "${env_args[@]}" --runs 3 --warmup 0 --label "jqc history --offset 60, server refusing (never read: retries kept)" \
    -- "$bin" jqc history --offset 60
