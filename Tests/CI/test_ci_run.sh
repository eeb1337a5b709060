#!/usr/bin/env bash
# Tests of .ci/run itself, with a stand-in `make` first on PATH (the real steps take an hour):
# every step runs under its budget, and the run fails — never skips — when a step fails, runs
# out of its budget, or cannot start in the time left. Real bash, real `timeout`.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# The stand-in make: `make STEP …` logs the step and does what $FAKE_<STEP> says (ok, fail, or
# sleep N), so a case can make any step fail or run long.
mkdir -p "$work/bin"
cat > "$work/bin/make" <<'MAKE'
#!/usr/bin/env bash
step=$1
echo "$*" >> "$CI_TEST_LOG"
action_var="FAKE_$(echo "$step" | tr 'a-z-' 'A-Z_')"
action=${!action_var:-ok}
case $action in
    ok) exit 0 ;;
    fail) exit 2 ;;
    sleep*) sleep "${action#sleep }"; exit 0 ;;
esac
MAKE
chmod +x "$work/bin/make"

# run_case NAME EXPECTED_STATUS EXPECTED_TEXT [VAR=VALUE …]: runs .ci/run with the variables.
run_case() {
    local name=$1 expected_status=$2 expected_text=$3
    shift 3
    local log="$work/$name.steps" out="$work/$name.out"
    : > "$log"
    env PATH="$work/bin:$PATH" CI_TEST_LOG="$log" "$@" bash "$root/.ci/run" > "$out" 2>&1
    local status=$?
    if [ "$status" -ne "$expected_status" ] || ! grep -qF -- "$expected_text" "$out"; then
        echo "FAIL $name: exit $status (wanted $expected_status), output:"
        sed 's/^/    /' "$out"
        failures=$((failures + 1))
    else
        echo "ok   $name"
    fi
}

run_case every-step-passes 0 "ci: every step ran and passed"
for step in deps test sanitize-thread sanitize-address fuzz; do
    grep -q "^$step" "$work/every-step-passes.steps" || { echo "FAIL every-step-passes: $step did not run"; failures=$((failures + 1)); }
done
grep -q "% to spare)" "$work/every-step-passes.out" || { echo "FAIL every-step-passes: the budgets' sum was not said"; failures=$((failures + 1)); }
full=$(sed -n 's/^fuzz_full=\([0-9]*\).*/\1/p' "$root/.ci/run")
grep -q "^fuzz FUZZ_SECONDS=$full$" "$work/every-step-passes.steps" || { echo "FAIL every-step-passes: fuzz was not run for its full $full s a target"; failures=$((failures + 1)); }

run_case sanitize-fails 1 "ci: sanitize-thread: failed (exit 2)" FAKE_SANITIZE_THREAD=fail
grep -q "^fuzz\|^sanitize-address" "$work/sanitize-fails.steps" && { echo "FAIL sanitize-fails: a step ran after a failed one"; failures=$((failures + 1)); }

run_case address-sanitizer-runs-out-of-budget 1 "ci: sanitize-address: ran out of its 2 s budget" \
    CI_BUDGET_SANITIZE_ADDRESS=2 FAKE_SANITIZE_ADDRESS="sleep 10"

run_case test-runs-out-of-budget 1 "ci: test: ran out of its 2 s budget" CI_BUDGET_TEST=2 FAKE_TEST="sleep 10"

# 2,800 s for all: the steps before it fit in the ~2,680 s left (a second less when they took one), a thread
# sanitizer of 2,700 s does not.
run_case sanitize-cannot-start 1 "ci: sanitize-thread: not started: it needs up to 2700 s and 26" \
    CI_SECONDS=2800 CI_BUDGET_SANITIZE_THREAD=2700
grep -q "^sanitize" "$work/sanitize-cannot-start.steps" && { echo "FAIL sanitize-cannot-start: it ran"; failures=$((failures + 1)); }

# Small step budgets and about 600 s left for fuzzing: 15 s a target after its build, said so.
# 724 s: (724 - 120 reserved - 420 build - 60) / 8 targets = 15 s a target with up to 4 s spent
# on the stand-in steps (720 gave 14 as soon as they took a second on a busy machine).
run_case fuzz-shortened 0 "ci: fuzz shortened to 15 s per target (from $full s)" \
    CI_SECONDS=724 CI_BUDGET_DEPS=1 CI_BUDGET_TEST=1 CI_BUDGET_SANITIZE_THREAD=1 CI_BUDGET_SANITIZE_ADDRESS=1
grep -q "^fuzz FUZZ_SECONDS=15$" "$work/fuzz-shortened.steps" || { echo "FAIL fuzz-shortened: fuzzing did not run for 15 s a target"; failures=$((failures + 1)); }

# 500 s left: too few for eight targets of at least 10 s after the build: a failure, not a skip.
run_case fuzz-cannot-start 1 "ci: fuzz: not started" CI_SECONDS=620 CI_BUDGET_DEPS=1 CI_BUDGET_TEST=1 CI_BUDGET_SANITIZE_THREAD=1 CI_BUDGET_SANITIZE_ADDRESS=1

if [ "$failures" -ne 0 ]; then
    echo "ci script tests: $failures failed"
    exit 1
fi
echo "ci script tests: all passed"
