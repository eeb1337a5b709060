#!/usr/bin/env bash
# Core start-up figures: --version, __complete, profile list over 200 profiles in 20 files,
# printed beside `gh __complete` (Debian's gh) as the peer. Prints figures; never fails on them.
set -euo pipefail
bin=${1:?usage: bench/core.sh PATH/TO/fieldops (release build)}
here=$(cd "$(dirname "$0")" && pwd)
time_cmd() { python3 "$here/timecmd.py" --runs "${RUNS:-50}" "$@"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" HOME="$work"
mkdir -p "$XDG_CONFIG_HOME/fieldops/profiles.d"
backend=$("$bin" __complete profile add --backend "" | head -1 | cut -f1)
backend=${backend:-jqc}
printf 'default_profile: p000\nprofiles:\n' > "$XDG_CONFIG_HOME/fieldops/config.yaml"
for f in $(seq -w 0 19); do
  {
    echo "profiles:"
    for p in $(seq 0 9); do
      n=$((10#$f * 10 + p))
      printf '  p%03d:\n    backend: %s\n    base_url: https://host%03d.example.com\n    username: user%03d\n    http: { version: "1.1", timeout: 30s, retries: 3 }\n' "$n" "$backend" "$n" "$n"
    done
  } > "$XDG_CONFIG_HOME/fieldops/profiles.d/site-$f.yaml"
done

echo "fieldops core start-up ($(basename "$bin"), $(du -h "$bin" | cut -f1) binary, backend of the profiles: $backend)"
# --version reports the libcurl it runs with (like curl -V), so it now loads libcurl: --help is
# the command that maps nothing beyond the binary.
time_cmd --label "fieldops --version (loads libcurl for its version)" -- "$bin" --version
time_cmd --label "fieldops --help (loads no library)" -- "$bin" --help
time_cmd --label "fieldops __complete -p '' (200 profiles)" -- "$bin" __complete -p ""
time_cmd --label "fieldops profile list (200 profiles, 20 files)" -- "$bin" profile list
if command -v gh >/dev/null 2>&1; then
  time_cmd --label "gh __complete '' (peer)" -- gh __complete ""
else
  echo "gh not installed: apt-get install gh for the peer figure"
fi
echo "targets: --version and __complete <= 15 ms median and <= 1/5 of gh's; profile list <= 30 ms"
