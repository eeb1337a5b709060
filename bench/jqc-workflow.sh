#!/usr/bin/env bash
# The inspection workflow's local commands against the JQC emulator's reference data:
# `jqc inspect start`, `fill --answers` of the 60-field template 3, `submit` (each a whole
# process, target <= 30 ms median), and `inspect list` over 10,000 local inspections (<= 60 ms).
# Prints figures; never fails on them.
# Usage: bench/jqc-workflow.sh [PATH/TO/fieldops]   (default: a fresh release build)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
fieldops_binary "${1:-}"
runs=${RUNS:-30}
listed=${LISTED:-10000}

throwaway_home
start_emulator jqc_emulator.py
printf 'default_profile: bench\nprofiles:\n  bench:\n    backend: jqc\n    base_url: %s\n    username: inspector\n' "$url" >"$XDG_CONFIG_HOME/fieldops/config.yaml"
store="$XDG_DATA_HOME/fieldops/bench"
timed() { python3 "$here/timecmd.py" --runs "$runs" "$@"; }

printf 'secret123\n' | "$bin" auth login --password-stdin >/dev/null 2>&1
"$bin" jqc sync -q >/dev/null
stop_emulator  # everything below is local

# A valid answer for every input field of template 3, keyed by id (ratings 1-5: they are required).
"$bin" jqc templates show 3 --json | python3 -c '
import json, random, sys
sys.path.insert(0, sys.argv[1])
import jqc_fixtures
rng = random.Random(7)
template = json.load(sys.stdin)
answers = jqc_fixtures.sample_form_data(template, rng)
for field in template["form_schema"]:
    if field["type"] == "rating":
        answers[str(field["id"])] = rng.randint(1, 5)
json.dump(answers, open(sys.argv[2], "w"))
' "$bench_root/Tests/Emulators" "$work/answers.json"
fields=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$work/answers.json")

echo "fieldops jqc inspect: local workflow commands ($(basename "$bin"), $(du -h "$bin" | cut -f1)), $runs runs each"
timed --label "fieldops --version (start-up floor)" -- "$bin" --version
timed --label "jqc inspect start --template 3 --facility 1" -- "$bin" jqc inspect start --template 3 --facility 1
draft=$("$bin" jqc inspect start --template 3 --facility 1 2>/dev/null)
timed --label "jqc inspect fill --answers ($fields answers, 60-field template)" -- "$bin" jqc inspect fill "$draft" --answers "$work/answers.json"

# submit consumes its draft: each run submits the next of $runs+warm-up filled drafts, popped by
# a one-line sh wrapper (a builtin read and one rm); the wrapper alone is timed too.
mkdir -p "$work/queue"
for n in $(seq $((runs + 3))); do
  id=$("$bin" jqc inspect start --template 3 --facility 1 2>/dev/null)
  "$bin" jqc inspect fill "$id" --answers "$work/answers.json" >/dev/null 2>&1
  printf '%s' "$id" >"$work/queue/$(printf '%04d' "$n")"
done
pop='for f in "$1"/*; do read -r id <"$f"; rm "$f"; break; done'
timed --label "jqc inspect submit (via the sh wrapper)" -- sh -c "$pop; exec \"\$2\" jqc inspect submit \"\$id\"" sh "$work/queue" "$bin"
mkdir -p "$work/empty" && for n in $(seq $((runs + 3))); do printf x >"$work/empty/$n"; done
timed --label "  the sh wrapper alone (subtract it)" -- sh -c "$pop; exec true" sh "$work/empty"
"$bin" jqc inspect list --status pending --json | python3 -c 'import json,sys; r=json.load(sys.stdin); print("  submitted: %d, all scored: %s" % (len(r), all(x["overall_score"] is not None for x in r)))'

# 10,000 local inspections in every state, written as the store writes them.
python3 - "$store/jqc.sqlite" "$listed" <<'PY'
import json, sqlite3, sys, uuid
path, count = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(path, isolation_level=None)
db.execute("BEGIN IMMEDIATE")
states = [("draft", "pending"), ("completed", "pending"), ("completed", "synced"), ("completed", "failed")]
for n in range(count):
    status, sync = states[n % 4]
    stamp = "2026-%02d-%02dT%02d:%02d:00" % (1 + n % 12, 1 + n % 28, n % 24, n % 60)
    db.execute(
        "INSERT INTO inspections (local_id, server_id, template_id, facility_id, area_id, status, sync_status, form_data, "
        "overall_score, started_at, completed_at, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)",
        (str(uuid.uuid4()), 100000 + n if sync == "synced" else None, 1 + n % 4, 1 + n % 5, status, sync,
         json.dumps({"2": 4, "3": 5, "5": "Pass"}), None if status == "draft" else 80.0, stamp,
         None if status == "draft" else stamp, stamp, stamp))
db.execute("COMMIT")
PY
total=$("$bin" jqc inspect list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
timed --label "jqc inspect list ($total local inspections)" -- "$bin" jqc inspect list
timed --label "jqc -o table inspect list ($total, padded columns)" -- "$bin" -o table jqc inspect list
timed --label "jqc inspect list ($total, --json)" -- "$bin" jqc inspect list --json
timed --label "jqc inspect list --status failed" -- "$bin" jqc inspect list --status failed
timed --label "jqc inspect show (60-field card)" -- "$bin" jqc inspect show "$draft"
