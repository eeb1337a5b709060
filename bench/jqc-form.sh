#!/usr/bin/env bash
# The full-screen form of `jqc inspect fill` on the 60-field template 3, driven through a real
# pseudo-terminal (bench/form_keys.py), printed; never fails on them:
#   the form on screen after the command starts                        [<= 60 ms]
#   a scripted run of 500 keystrokes (fields filled, moved between, each change saved to the
#   store): the redraw of each key, from the key sent to the last byte of its redraw [<= 5 ms median]
# Usage: bench/jqc-form.sh [PATH/TO/fieldops]   (default: a fresh release build)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
fieldops_binary "${1:-}"
throwaway_home
start_emulator jqc_emulator.py
printf 'default_profile: bench\nprofiles:\n  bench:\n    backend: jqc\n    base_url: %s\n    username: inspector\n' "$url" >"$XDG_CONFIG_HOME/fieldops/config.yaml"
printf 'secret123\n' | "$bin" auth login --password-stdin >/dev/null 2>&1
"$bin" jqc sync -q >/dev/null
stop_emulator  # the form is local
draft() { "$bin" jqc inspect start --template 3 --facility 1 --area 101 2>/dev/null; }
echo "jqc inspect fill (full-screen form, 60-field template, 160x50 pty, TERM=xterm-256color)"
python3 "$here/form_keys.py" startup --runs "${RUNS:-15}" -- "$bin" jqc inspect fill "$(draft)"
python3 "$here/form_keys.py" keys --keys "${KEYS:-500}" -- "$bin" jqc inspect fill "$(draft)"
