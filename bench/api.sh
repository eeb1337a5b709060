#!/usr/bin/env bash
# `fieldops api` against curl (issue #16): the same authenticated GET made N times, one process
# each, against the InterlinedList emulator on loopback. Prints both totals and the ratio
# (target: fieldops <= 1.3 x curl). Prints figures; never fails on them.
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

run_many() {
    local start end
    start=$(date +%s%N)
    for _ in $(seq 1 "$count"); do "$@" >/dev/null; done
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}
"$bin" -p lists api /api/lists?limit=5 >/dev/null   # warm the page cache
curl -s -H @"$work/auth-header" "$url/api/lists?limit=5" >/dev/null
fieldops_ms=$(run_many "$bin" -p lists api "/api/lists?limit=5")
curl_ms=$(run_many curl -s -f -H @"$work/auth-header" "$url/api/lists?limit=5")
echo "fieldops api GET /api/lists?limit=5, $count processes: ${fieldops_ms} ms ($(( fieldops_ms * 1000 / count )) us each)"
echo "curl       GET /api/lists?limit=5, $count processes: ${curl_ms} ms ($(( curl_ms * 1000 / count )) us each)"
echo "ratio: $(python3 -c "print(f'{$fieldops_ms / max($curl_ms, 1):.2f}')") x curl (target <= 1.3)"
