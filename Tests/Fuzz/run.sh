#!/usr/bin/env bash
# Builds the fuzz targets of Tests/Fuzz (libFuzzer + AddressSanitizer, debug) and runs each for
# SECONDS (default 60) on a copy of its seed corpus in Tests/Fuzz/Corpus/<Target>, so the
# checked-in corpus never changes. Prints each target's executions; exits 1 when any target
# crashed, broke an invariant, leaked, timed out (10 s for one input) or ran out of memory
# (2 GB), naming the input that did it.
#
#   bash Tests/Fuzz/run.sh [SECONDS]              # every target (make fuzz FUZZ_SECONDS=60)
#   FUZZ_TARGETS="FuzzJSON FuzzKeyring" bash Tests/Fuzz/run.sh 30
#   Tests/Fuzz/.build/debug/FuzzJSON CRASH_FILE   # replays one input
set -uo pipefail

seconds=${1:-60}
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [SECONDS]  (a whole number of seconds, got '$seconds')" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
scratch="$here/.build"
swift=${SWIFT:-swift}
all_targets=(FuzzJSON FuzzYAMLConfig FuzzSetCookie FuzzKeyring FuzzTimestamps FuzzAnswers FuzzMCMSDocuments FuzzLineMerge)
read -r -a targets <<< "${FUZZ_TARGETS:-${all_targets[*]}}"
started=$SECONDS

# One incremental build of every target. gold warns once per ASan symbol it cannot export from
# the executables; those lines are noise and are dropped.
echo "fuzz: building ${#targets[@]} targets (libFuzzer, AddressSanitizer)"
"$swift" build --package-path "$here" --scratch-path "$scratch" -c debug \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 \
    | grep -v "warning: Cannot export local symbol"
if [ "${PIPESTATUS[0]}" -ne 0 ]; then
    echo "fuzz: the build failed" >&2
    exit 1
fi
bin=$("$swift" build --package-path "$here" --scratch-path "$scratch" -c debug --show-bin-path \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)

# The Swift runtime's backtracer would take the crash signal before libFuzzer does (and then
# wait for its own timeout); libFuzzer and ASan report crashes here. Leaks the toolchain makes
# are suppressed by name in lsan.supp; nothing of fieldops may be listed there.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$here/lsan.supp:print_suppressions=0"

failed=()
summary=()
for target in "${targets[@]}"; do
    [ -x "$bin/$target" ] || { echo "fuzz: no such target: $target" >&2; exit 2; }
    run="$scratch/fuzz-run/$target"
    rm -rf "$run"
    mkdir -p "$run/corpus" "$run/artifacts" "$run/tmp"
    cp "$here/Corpus/$target"/* "$run/corpus/"
    echo "fuzz: $target for ${seconds}s"
    TMPDIR="$run/tmp" "$bin/$target" "$run/corpus" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=1 \
        -print_final_stats=1 -artifact_prefix="$run/artifacts/" > "$run/log" 2>&1
    status=$?
    executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$run/log" | tail -n 1 | grep -o '[0-9]*$')
    reproducers=$(find "$run/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
    if [ "$status" -eq 0 ] && [ -z "$reproducers" ]; then
        summary+=("$(printf '%-18s %12s executions  ok' "$target" "${executions:-?}")")
        continue
    fi
    failed+=("$target")
    summary+=("$(printf '%-18s %12s executions  FAILED (exit %s)' "$target" "${executions:-?}" "$status")")
    echo "fuzz: $target FAILED (exit $status); log: $run/log" >&2
    # The report: libFuzzer's and the sanitizer's lines from the first error on, without the
    # corpus statistics around them.
    grep -n -m 1 -E '^==[0-9]+==|^Fatal error|fuzz invariant broken|ERROR: libFuzzer' "$run/log" >/dev/null \
        && sed -n "$(grep -n -m 1 -E '^==[0-9]+==|Fatal error|fuzz invariant broken|ERROR: libFuzzer' "$run/log" | cut -d: -f1),+40p" "$run/log" >&2
    for file in $reproducers; do
        echo "fuzz: $target reproducer: $file   (replay: $bin/$target $file)" >&2
    done
done

echo
echo "fuzz: ${seconds}s per target, $((SECONDS - started))s in all"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: failed: ${failed[*]}" >&2
    exit 1
fi
