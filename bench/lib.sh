# Shared plumbing of the bench/*.sh scripts (sourced, not run).
#
#   fieldops_binary [PATH]       sets $bin: PATH made absolute, or a fresh release build
#   throwaway_home               sets $work and XDG_* / HOME to a temp dir removed on exit
#   start_emulator SCRIPT ARGS   runs Tests/Emulators/SCRIPT on a free loopback port, waits for
#                                its `listening on URL` line (up to $emulator_start_seconds,
#                                default 10), sets $url and $emulator_pid
#   stop_emulator                stops it (also done on exit)

bench_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
emulator_pid=""
work=""

fieldops_binary() {
    if [ -n "${1:-}" ]; then
        bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
    else
        swift build -c release --static-swift-stdlib --package-path "$bench_root" --product fieldops >&2
        bin="$bench_root/.build/release/fieldops"
    fi
}

stop_emulator() {
    if [ -n "$emulator_pid" ]; then
        kill "$emulator_pid" 2>/dev/null || true
        wait "$emulator_pid" 2>/dev/null || true
    fi
    emulator_pid=""
}

bench_cleanup() {
    stop_emulator
    if [ -n "$work" ]; then rm -rf "$work"; fi
}

throwaway_home() {
    work=$(mktemp -d /tmp/fieldops-bench.XXXXXX)
    trap bench_cleanup EXIT
    export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" HOME="$work"
    mkdir -p "$XDG_CONFIG_HOME/fieldops"
    # timecmd's arguments that run a command in this home.
    env_args=(--env "XDG_CONFIG_HOME=$XDG_CONFIG_HOME" --env "XDG_DATA_HOME=$XDG_DATA_HOME" --env "XDG_CACHE_HOME=$XDG_CACHE_HOME")
}

# Times a command over repeated runs (bench/timecmd.py: median, p90, min).
timecmd() { python3 "$bench_root/bench/timecmd.py" "$@"; }

start_emulator() {
    local script=$1
    shift
    python3 "$bench_root/Tests/Emulators/$script" --port 0 "$@" >"$work/emulator.out" 2>"$work/emulator.err" &
    emulator_pid=$!
    url=""
    for _ in $(seq 1 $(( ${emulator_start_seconds:-10} * 20 ))); do
        url=$(sed -n 's/^listening on //p' "$work/emulator.out" 2>/dev/null | head -1)
        [ -n "$url" ] && return 0
        sleep 0.05
    done
    echo "bench: $script did not start: $(cat "$work/emulator.err")" >&2
    exit 1
}

# A fresh home whose one profile, bench, points at the MCMS emulator at $base, logged in: each
# MCMS figure starts with no cache, cookie or store left by the one before.
mcms_bench_home() {
    export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" HOME="$work/home"
    rm -rf "$work/config" "$work/data" "$work/cache"
    mkdir -p "$XDG_CONFIG_HOME/fieldops" "$HOME"
    cat > "$XDG_CONFIG_HOME/fieldops/config.yaml" <<YAML
default_profile: bench
profiles:
  bench:
    backend: mcms
    base_url: $base
    http: { version: "1.1" }
YAML
    printf 'pon-secret\n' | "$bin" auth login --username tech@example.net --password-stdin >/dev/null 2>&1
}
