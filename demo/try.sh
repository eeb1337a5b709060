#!/usr/bin/env bash
# Try fieldops with no server: starts the three service emulators on loopback (JQC, MCMS,
# InterlinedList, from Tests/Emulators/), prints the commands that point profiles at them in a
# throw-away configuration, and keeps them running until Ctrl-C. Nothing leaves the machine and
# your own configuration and keyring are not touched.
#
# Usage: demo/try.sh [PATH_TO_FIELDOPS]   (make try builds one and runs this)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/.build/debug/fieldops}
[ -x "$bin" ] || { echo "try: no fieldops at $bin: run 'make build' first (or 'make try')" >&2; exit 1; }
command -v python3 >/dev/null || { echo "try: the emulators need python3: run 'make deps'" >&2; exit 1; }

work=$(mktemp -d /tmp/fieldops-try.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    echo
    echo "try: the emulators stopped; the throw-away home $work is kept (rm -rf it when done)"
}
trap cleanup EXIT

start() {
    local name=$1 script=$2
    python3 "$root/Tests/Emulators/$script" --port 0 >"$work/$name.out" 2>"$work/$name.err" &
    pids+=($!)
    for _ in $(seq 100); do
        url=$(sed -n 's/^listening on //p' "$work/$name.out" | head -1)
        [ -n "$url" ] && return 0
        sleep 0.1
    done
    echo "try: the $name emulator did not start: $(cat "$work/$name.err")" >&2
    exit 1
}

start jqc jqc_emulator.py; jqc=$url
start mcms mcms_emulator.py; mcms=$url
start il interlinedlist_emulator.py; il=$url

cat <<EOF
The three services run on loopback. In another terminal, paste these lines (a throw-away home,
so your own configuration and keyring stay as they are):

  export XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache
  alias fieldops=$bin

  # JQC: facility inspections (password secret123)
  fieldops profile add try-jqc --backend jqc --base-url $jqc --username inspector
  fieldops -p try-jqc auth login
  fieldops -p try-jqc jqc sync && fieldops -p try-jqc jqc facilities

  # MCMS: ONUs and OLTs (password pon-secret)
  fieldops profile add try-pon --backend mcms --base-url $mcms --username tech@example.net
  fieldops -p try-pon auth login
  fieldops -p try-pon mcms dashboard && fieldops -p try-pon mcms onu list --sort rx --limit 5

  # InterlinedList (password lovelace1)
  fieldops profile add try-il --backend il --base-url $il --username ada@example.com
  fieldops -p try-il auth login
  fieldops -p try-il il lists && fieldops -p try-il il feed

Ctrl-C here stops the emulators.
EOF
wait
