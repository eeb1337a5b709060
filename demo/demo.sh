#!/usr/bin/env bash
# fieldops demo: starts the three service emulators on 127.0.0.1, points a throw-away config at
# them and walks the main jobs of every backend. Nothing leaves the machine.
#
# Usage: demo/demo.sh PATH/TO/fieldops     (make demo builds it and passes it in)
set -uo pipefail
bin=${1:?usage: demo/demo.sh PATH/TO/fieldops}
root=$(cd "$(dirname "$0")/.." && pwd)
emulators="$root/Tests/Emulators"
work=$(mktemp -d -t fieldops-demo-XXXXXX)
pids=()

cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

bold=$(tput bold 2>/dev/null || true); dim=$(tput dim 2>/dev/null || true); reset=$(tput sgr0 2>/dev/null || true)
section() { printf '\n%s══ %s%s\n' "$bold" "$*" "$reset"; }
say() { printf '%s# %s%s\n' "$dim" "$*" "$reset"; }
run() {
  printf '%s$ fieldops %s%s\n' "$bold" "$*" "$reset"
  "$bin" "$@"
  local code=$?
  [ $code -eq 0 ] || printf '%s(exit %d)%s\n' "$dim" "$code" "$reset"
  return 0
}

# start NAME SCRIPT [ARGS...]: runs an emulator, waits for its `listening on URL` line, sets $URL.
start() {
  local name=$1 script=$2; shift 2
  local out="$work/$name.out"
  python3 "$emulators/$script" "$@" > "$out" 2> "$work/$name.err" &
  pids+=($!)
  for _ in $(seq 100); do
    URL=$(sed -n 's/^listening on //p' "$out" | head -1)
    [ -n "$URL" ] && return 0
    sleep 0.1
  done
  echo "demo: the $name emulator did not start:" >&2; cat "$work/$name.err" >&2; exit 1
}

export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" HOME="$work/home"
unset FIELDOPS_CONFIG FIELDOPS_PROFILE FIELDOPS_TOKEN
mkdir -p "$XDG_CONFIG_HOME/fieldops" "$HOME"

start jqc jqc_emulator.py;                    JQC_URL=$URL; JQC_PID=${pids[-1]}
start mcms mcms_emulator.py --onus 400;       MCMS_URL=$URL
start il interlinedlist_emulator.py;          IL_URL=$URL; IL_PID=${pids[-1]}
JQC_PORT=${JQC_URL##*:}

cat > "$XDG_CONFIG_HOME/fieldops/config.yaml" <<YAML
# A throw-away configuration pointing at the emulators on loopback.
default_profile: site-a
profile_sets:
  noc: ['pon-*']                   # the NOC's appliances (profiles.d/appliances.yaml)
profiles:
  site-a:
    backend: jqc
    base_url: $JQC_URL
    username: inspector
  lab-pon:
    backend: mcms
    base_url: $MCMS_URL            # /api is appended
    username: tech@example.net
    http: { version: "1.1", timeout: 30s }
  lists:
    backend: il
    base_url: $IL_URL
    username: ada@example.com
YAML

section "Profiles and credentials"
say "three profiles, one per service; fieldops never rewrites this file"
run profile list -o table
echo secret123 | run -p site-a auth login --password-stdin
echo pon-secret | run -p lab-pon auth login --password-stdin
echo lovelace1 | run -p lists auth login --password-stdin
run auth status
say "credentials live only in the keyring file, mode $(stat -c %a "$XDG_DATA_HOME/fieldops/keyring")"

section "JQC: pull reference data, then inspect"
run -p site-a jqc sync
run -p site-a jqc facilities -o table
run -p site-a jqc templates -o table
if "$bin" jqc inspect --help >/dev/null 2>&1; then
  say "start an inspection of template 1 at facility 1, fill it from an answers file, attach a photo"
  local_id=$("$bin" -p site-a jqc inspect start --template 1 --facility 1 --area 101 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["local_id"])')
  echo "draft $local_id"
  python3 - "$work/photo.png" <<'PY'
import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
raw = b"".join(b"\x00" + b"\x30\x90\x60" * 16 for _ in range(16))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
PY
  "$bin" -p site-a jqc templates show 1 --json | python3 -c '
import json, sys
schema = json.load(sys.stdin)
fields = schema.get("form_schema", schema) if isinstance(schema, dict) else schema
answers = {}
for f in fields:
    t, i = f.get("type"), str(f.get("id"))
    if t == "rating": answers[i] = 4
    elif t == "checkbox": answers[i] = True
    elif t in ("radio", "select", "pass_fail"):
        opts = [o if isinstance(o, str) else o.get("value") for o in (f.get("options") or ["Pass"])]
        answers[i] = opts[0]
    elif t in ("text", "textarea"): answers[i] = "Looks clean"
    elif t == "number": answers[i] = 3
    elif t == "date": answers[i] = "2026-11-30"
json.dump(answers, open(sys.argv[1], "w"), indent=2)
' "$work/answers.json"
  run -p site-a jqc inspect fill "$local_id" --answers "$work/answers.json"
  photo_field=$("$bin" -p site-a jqc templates show 1 --json | python3 -c '
import json, sys
schema = json.load(sys.stdin)
fields = schema.get("form_schema", schema) if isinstance(schema, dict) else schema
print(next((str(f["id"]) for f in fields if f.get("type") in ("image", "signature")), ""))')
  [ -n "$photo_field" ] && run -p site-a jqc inspect attach "$local_id" --field "id:$photo_field" "$work/photo.png"
  run -p site-a jqc issue flag --inspection "$local_id" --severity high --description "Paper towel dispenser broken" --photo "$work/photo.png"
  run -p site-a jqc inspect submit "$local_id"
  run -p site-a jqc inspect show "$local_id"

  say "the same on a terminal: the full-screen form, driven here by a script through a pty"
  form_id=$("$bin" -p site-a jqc inspect start --template 2 --facility 1 2>/dev/null)
  printf '%s$ fieldops jqc inspect fill %s%s\n' "$bold" "$form_id" "$reset"
  python3 "$root/demo/form_pass.py" -- "$bin" -p site-a jqc inspect fill "$form_id" || say "(the form pass needs python3 and pyte)"
  run -p site-a jqc inspect show "$form_id"
fi

section "JQC offline: the server goes away, work is queued, nothing is lost"
kill "$JQC_PID" 2>/dev/null; wait "$JQC_PID" 2>/dev/null
run -p site-a jqc status
say "sync while offline exits 4 and changes nothing"
run -p site-a jqc sync
say "the server is back (same port): sync delivers everything, in order, exactly once"
start jqc-again jqc_emulator.py --port "$JQC_PORT"
echo secret123 | "$bin" -p site-a auth login --password-stdin 2>/dev/null
run -p site-a jqc sync
run -p site-a jqc status

section "JQC agent: work reaches the server by itself"
say "fieldops jqc agent syncs when the network returns (rtnetlink), when work is queued, and every --interval"
export XDG_RUNTIME_DIR="$work/run"; mkdir -p "$XDG_RUNTIME_DIR"
"$bin" -p site-a jqc agent --interval 1h 2> "$work/agent.log" &
AGENT_PID=$!; pids+=($AGENT_PID)
wait_for_log() { for _ in $(seq 150); do [ "$(grep -c "$1" "$work/agent.log")" -ge "$2" ] && return 0; sleep 0.1; done; return 1; }
wait_for_log "synced:" 1
say "the network to the server breaks (the emulator drops every connection); an issue is flagged: the agent tries once, then backs off"
admin() { python3 -c 'import sys, urllib.request; urllib.request.urlopen(urllib.request.Request(sys.argv[1] + "/__admin/faults", data=sys.argv[3].encode() or None, method=sys.argv[2], headers={"Content-Type": "application/json"}))' "$@"; }
admin "$JQC_URL" POST '{"path": "/api/*", "drop": true, "count": 1000}'
run -p site-a jqc issue flag --facility 1 --area 101 --severity medium --description "Soap dispenser empty"
wait_for_log "sync failed:" 1
say "the network is back: the agent's next attempt (backoff, 5 s) delivers it, with no sync command"
admin "$JQC_URL" DELETE ''
wait_for_log "synced:" 2
sed 's/^/  /' "$work/agent.log"
run -p site-a jqc status
kill "$AGENT_PID" 2>/dev/null; wait "$AGENT_PID" 2>/dev/null

section "MCMS: ONUs, OLTs and a firmware dry run"
run -p lab-pon mcms dashboard
say "every active alarm of every ONU and OLT (two collection requests), most severe and newest first"
"$bin" -p lab-pon mcms alarms -o table | head -8
say "a live dashboard, piped: one JSON object per refresh (three refreshes, then timeout stops it)"
printf '%s$ fieldops -p lab-pon mcms dashboard --watch --interval 1s%s\n' "$bold" "$reset"
timeout --signal=INT 2.5 "$bin" -p lab-pon mcms dashboard --watch --interval 1s 2>/dev/null | cut -c1-150
say "the same dashboard on an 80×24 terminal: health and the alarm trend first, End scrolls to the rest"
python3 "$root/demo/pty_pass.py" 80 24 '[["", 3.5, "dashboard --watch: the first page"], ["\u001b[F", 1, "End: the last lines"], ["q", 1, null]]' \
    -- "$bin" -p lab-pon mcms dashboard --watch --interval 1s || say "(the terminal pass needs python3 and pyte)"
say "a table on a 60-column terminal: names cut with …, the columns that cannot fit named"
python3 "$root/demo/pty_pass.py" 60 12 '[["", 2, "onu list --limit 8 at 60 columns"]]' \
    -- "$bin" -p lab-pon mcms onu list --limit 8 || say "(the terminal pass needs python3 and pyte)"
say "health filters: the five weakest optical levels below -26 dBm"
"$bin" -p lab-pon mcms onu list --rx-below -26 --sort rx --limit 5 -o table
say "the first ONUs of the fleet (HTTP/1.1 forced for this lab appliance)"
"$bin" -p lab-pon mcms onu list -o table | head -8
onu=$("$bin" -p lab-pon mcms onu list --state registered --json | python3 -c '
import json, sys
rows = json.load(sys.stdin)
print(next((r["id"] for r in rows if r["id"].startswith("ALPH")), rows[0]["id"]))')
run -p lab-pon mcms onu show "$onu"
say "a Norwegian name, confirmed at the prompt on a terminal"
python3 "$root/demo/pty_pass.py" 80 6 '[["", 2, "the question"], ["y\r", 2, "answered y"]]' \
    -- "$bin" -p lab-pon mcms onu rename "$onu" "Sjøgata 5 “Kvartal”" || say "(the terminal pass needs python3 and pyte)"
say "a script waits for the ONU to be registered (exit 0 when it is, 1 after --until-timeout)"
run -p lab-pon mcms onu show "$onu" --until registered --until-timeout 30s --json | cut -c1-150
say "Procedure 7 as a dry run: the inactive bank only, the exact document change, nothing sent"
run -p lab-pon mcms onu firmware "$onu" --file ALPH-R4.3.1.bin --version R4.3.1 --dry-run

section "MCMS: a staged firmware rollout that stops itself"
say "the server's ONU images, with the models each supports"
run -p lab-pon mcms firmware files
mac=$("$bin" -p lab-pon mcms olt list --json | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["mac"])')
say "the plan for every ONU of one OLT: a canary of 2, then waves of 30% and 100%; other models, ONUs already there and offline ones are skipped with their reason"
"$bin" -p lab-pon mcms onu firmware-bulk --file ALPH-R4.3.1.bin --olt "$mac" --canary 2 --waves 30%,100% --dry-run --json 2>/dev/null > "$work/plan.json"
printf '%s$ fieldops -p lab-pon mcms onu firmware-bulk --file ALPH-R4.3.1.bin --olt %s --canary 2 --waves 30%%,100%% --dry-run%s\n' "$bold" "$mac" "$reset"
"$bin" -p lab-pon mcms onu firmware-bulk --file ALPH-R4.3.1.bin --olt "$mac" --canary 2 --waves 30%,100% --dry-run -o table 2>&1 | tail -7
# The emulator's ONUs take 1-2 s to boot a new image; the second ONU of wave 1 will not boot it.
bad=$(python3 -c 'import json, sys; print([r["id"] for r in json.load(open(sys.argv[1])) if r["wave"] == 1][1])' "$work/plan.json")
python3 -c 'import sys, urllib.request; urllib.request.urlopen(urllib.request.Request(sys.argv[1] + "/__admin/activation", data=sys.argv[2].encode(), method="POST", headers={"Content-Type": "application/json"}))' \
  "$MCMS_URL" "{\"boot_delay\": 1.5, \"jitter\": 0.5, \"outcomes\": {\"$bad\": \"fall-back\"}}"
say "the rollout: every ONU verified back on the new bank; $bad falls back to its old image, is rolled back, and --max-failures 1 halts the rest"
run -p lab-pon mcms onu firmware-bulk --file ALPH-R4.3.1.bin --olt "$mac" --canary 2 --waves 30%,100% --max-failures 1 \
  --per-olt 4 --rollback-failed --verify-poll 1s --report "$work/rollout.jsonl" --yes
run -p lab-pon mcms rollout status "$work/rollout.jsonl" -o table
say "the ONU that fell back: both banks, and the pointer back on the image it runs"
run -p lab-pon mcms onu firmware status "$bad" -o table
say "one report line (JSON lines: jq reads them)"
grep "\"$bad\"" "$work/rollout.jsonl" | tail -1 | cut -c1-220

section "InterlinedList: feed, lists, documents"
run -p lists il whoami
run -p lists il feed --limit 3
run -p lists il lists --tree
run -p lists il docs

section "InterlinedList: manage a list — columns, rows from a CSV, tick one off, view it offline"
say "a list with typed columns (checked with the server's own rules before anything is sent)"
run -p lists il list create "Site 4 punch list" --folder lf1 --column task:text:Task:required --column 'crew:select=A|B|C:Crew' --column hours:number:Hours --column done:boolean:Done
list=$("$bin" -p lists il list search "Site 4" | cut -f1 | head -1)
cat > "$work/punch.csv" <<'CSV'
task,crew,hours,done
Replace ceiling tile in 4.12,A,1.5,no
Re-caulk east windows,B,3,no
"Patch wall, stairwell 2",A,2,no
Mop floor drain 4.03,C,0.5,yes
CSV
say "a typo in a value is caught locally with FILE:LINE: column: message, and nothing is sent"
printf 'task,crew,hours,done\nSweep loading dock,D,one,no\n' > "$work/bad.csv"
run -p lists il row add "$list" --from "$work/bad.csv"
run -p lists il row add "$list" --from "$work/punch.csv"
run -p lists il list show "$list" -o table
say "tick one off: the row is read, merged and written back whole (the server's PUT replaces it)"
row=$("$bin" -p lists il list show "$list" --where task="Re-caulk east windows" | cut -f1)
run -p lists il row edit "$list" "$row" --set done=true
run -p lists il sync
say "the server goes away; every read answers from the offline mirror, its filters applied locally"
kill "$IL_PID" 2>/dev/null; wait "$IL_PID" 2>/dev/null
run -p lists il list show "$list" --where done=false --sort hours --desc -o table
say "and writes say so (exit 4) instead of pretending"
run -p lists il row add "$list" --set task="Touch up paint"
say "(the emulator comes back on the same port, freshly seeded, for the rest of the demo)"
start il interlinedlist_emulator.py --port "${IL_URL##*:}"
echo lovelace1 | "$bin" -p lists auth login --password-stdin >/dev/null

section "InterlinedList: a folder of markdown files in two-way sync"
notes="$work/notes"
run -p lists il docs sync "$notes"
say "both sides edit Readme.md, on different lines: here a line at the end, there the title"
printf '# Readme\n\nKeys are in the blue box.\n' > "$notes/Readme.md"
run -p lists il docs sync "$notes"
curl -fsS -X POST -H 'Content-Type: application/json' "$IL_URL/__admin/document-op" \
  -d '{"op":"edit","id":"d001","content":"# Readme (site 4)\n\nKeys are in the blue box.\n"}' >/dev/null
printf '# Readme\n\nKeys are in the blue box.\nAlarm code: ask the NOC.\n' > "$notes/Readme.md"
run -p lists il docs sync "$notes"
say "the three-way merge kept both edits, here and on the server"
cat "$notes/Readme.md"
say "a local rename becomes a title change (the server cannot change a path)"
mv "$notes/Todo.md" "$notes/Todo for Monday.md"
run -p lists il docs sync "$notes" --dry-run
run -p lists il docs sync "$notes"
say "deleting most of the files is refused (--max-delete, default 50%) until --yes says so"
rm "$notes/Readme.md" "$notes/Work/Meeting Notes.md" "$notes/Archive/Old Spec.md"
run -p lists il docs sync "$notes"

section "Scripting: exact formats and fieldops api"
say "any listing as CSV (RFC 4180) or NDJSON, with just the fields asked for; numbers stay exact"
run -p lab-pon mcms onu list -o csv --fields id,name,rx_optical_dbm --limit 3
run -p lists il feed --limit 2 -o ndjson --fields id,user.username
say "fieldops api: any route, with the credentials the backend's own commands send"
run -p lists api "/api/lists?limit=2" --silent -i
run -p lists api /api/lists/l001/data -f 'data[item]=Rice' -F 'data[qty]=18446744073709551615' -F 'data[done]=false' --silent
run -p lists api -X GET /api/lists/l001/data -f limit=10 --paginate --slurp --fields id,rowData.item,rowData.qty -o csv
say "MCMS collections page by limit/skip (500 a page); here 400 ONUs, ids only"
run -p lab-pon api -X GET /v1/onus/states/ -f 'projection={"_id":1}' --paginate --slurp -o ndjson | wc -l

section "MCMS: a NOC runs many appliances — one command across all of them"
python3 "$emulators/mcms_appliances.py" --count 3 --onus 120 --olts 3 --prefix pon- --seed 7 > "$work/appliances.out" 2> "$work/appliances.err" &
pids+=($!)
for _ in $(seq 200); do grep -q '^ready$' "$work/appliances.out" && break; sleep 0.1; done
grep -q '^ready$' "$work/appliances.out" || { echo "demo: the appliances did not start:" >&2; cat "$work/appliances.err" >&2; exit 1; }
mkdir -p "$XDG_CONFIG_HOME/fieldops/profiles.d"
{ echo "profiles:"; awk '$1 == "appliance" { printf "  %s: {backend: mcms, base_url: %s, http: {timeout: 5s}}\n", $2, $3 }' "$work/appliances.out"; } \
  > "$XDG_CONFIG_HOME/fieldops/profiles.d/appliances.yaml"
say "three appliances (pon-a, pon-b, pon-c), each its own profile, each logged in with its own session"
for name in pon-a pon-b pon-c; do echo pon-secret | "$bin" -p "$name" auth login --username tech@example.net --password-stdin; done
say "pon-c goes down"
kill "$(awk '$2 == "pon-c" { print $4 }' "$work/appliances.out")"
say "the 5 weakest ONUs of the whole network, one listing: the appliances asked at once; pon-c is one line, the exit code 5"
run mcms onu list --profiles @noc --sort rx --limit 5 -o table
say "the network's dashboard: totals, then one line per appliance"
"$bin" mcms dashboard --profiles @noc -o table 2>&1 | tail -6
say "JSON is one document, each record naming its profile"
"$bin" mcms alarms --profiles 'pon-*' --severity critical --json 2>/dev/null | head -12
onu=$("$bin" -p pon-b mcms onu list --limit 3 --json | python3 -c 'import json, sys; print(json.load(sys.stdin)[2]["id"])')
say "which appliance has $onu? the caches answer at once, then the appliances confirm it"
run mcms onu find "$onu" -o table
say "a write never fans out on a guess: it goes where the ONU is, and only when it is on exactly one appliance"
run mcms onu reset "$onu" --profiles 'pon-a,pon-b' --yes

section "MCMS over time: a recorded week played fast, a drift report, a silence"
start week mcms_emulator.py --onus 300 --olts 4 --seed 21
printf 'profiles:\n  pon-week: {backend: mcms, base_url: %s}\n' "$URL" > "$XDG_CONFIG_HOME/fieldops/profiles.d/week.yaml"
echo pon-secret | "$bin" -p pon-week auth login --username tech@example.net --password-stdin >/dev/null
# admin PATH JSON: posts to the week emulator's admin API.
admin() { python3 -c 'import sys, urllib.request; urllib.request.urlopen(urllib.request.Request(sys.argv[1] + "/__admin/" + sys.argv[2], data=sys.argv[3].encode(), method="POST", headers={"Content-Type": "application/json"}))' "$URL" "$1" "$2"; }
week_at() { python3 -c 'import datetime, sys; print((datetime.datetime(2026, 6, 1, 12) + datetime.timedelta(hours=6 * int(sys.argv[1]))).strftime("%Y-%m-%dT%H:%M:%S"))' "$1"; }
admin clock "{\"set\": \"$(week_at 0)\", \"frozen\": true}"
FIELDOPS_NOW="$(week_at 0)Z" "$bin" -p pon-week mcms record --once -q
# Three ONUs on one OLT port (from the recorder's own store) lose 2.4 dB on day 5; one alarm comes and goes.
read -r a b c < <(python3 -c 'import sqlite3, sys, collections
rows = sqlite3.connect(sys.argv[1]).execute("SELECT id, olt, port FROM devices WHERE kind = 0 AND olt IS NOT NULL ORDER BY id").fetchall()
ports = collections.defaultdict(list)
for id, olt, port in rows: ports[(olt, port)].append(id)
print(*next(ids for ids in ports.values() if len(ids) >= 3)[:3])' "$XDG_DATA_HOME/fieldops/pon-week/history.sqlite")
admin drift "{\"onus\": {\"$a\": {\"step_db\": -2.4, \"step_at\": \"$(week_at 21)\"}, \"$b\": {\"step_db\": -2.2, \"step_at\": \"$(week_at 21)\"}, \"$c\": {\"step_db\": -2.6, \"step_at\": \"$(week_at 21)\"}}}"
admin alarm-schedule "{\"alarms\": [{\"device\": \"$a\", \"alarm\": {\"Name\": \"Loss of Signal\", \"Severity\": \"CRITICAL\", \"Message\": \"fibre crew at Sjøgata 4\"}, \"raise_at\": \"$(week_at 20)\", \"clear_at\": \"$(week_at 22)\"}, {\"device\": \"$b\", \"alarm\": {\"Name\": \"Loss of Signal\", \"Severity\": \"CRITICAL\", \"Message\": \"no light at Ålesundsvegen 7\"}, \"raise_at\": \"$(week_at 27)\"}]}"
say "a week of samples, one every 6 hours: the emulator's clock and fieldops' own (FIELDOPS_NOW) move together"
for step in $(seq 1 28); do
  admin clock "{\"set\": \"$(week_at "$step")\", \"frozen\": true}"
  FIELDOPS_NOW="$(week_at "$step")Z" "$bin" -p pon-week mcms record --once -q
done
echo "28 samples of 300 ONUs in $(du -k "$XDG_DATA_HOME/fieldops/pon-week/history.sqlite" | cut -f1) KB"
export FIELDOPS_NOW="$(week_at 28)Z"
say "drift: the three ONUs of one port dropped together, one line; the table ranks them"
run -p pon-week mcms onu drift -o table
say "one of them over the week: a sparkline per metric, min/avg/max/last beside it"
COLUMNS=100 run -p pon-week mcms onu history "$a" --since 7d --metric rx,fec,state -o table
say "the alarm that came and went while nobody looked"
run -p pon-week mcms alarms history --since 7d --device "$a" -o table
say "someone is on the one still active: a silence says who and why; it stays listed, apart, and counted apart"
run -p pon-week mcms alarms silence "$b" --for 4h -m "fibre crew on site — Åse Øvrebø"
"$bin" -p pon-week mcms alarms --kind onu --severity critical -o table | grep -E "^SEVERITY|$b"
"$bin" -p pon-week mcms dashboard -o table | grep -E "alarms"
run -p pon-week mcms alarms silences -o table
unset FIELDOPS_NOW

section "Shell completion comes from the same command tree"
say "fieldops completion bash|zsh|fish; dynamic values read local data only:"
printf '%s$ fieldops __complete -p ""%s\n' "$bold" "$reset"
"$bin" __complete -p ""
echo

section "One health check for all of it"
say "fieldops doctor: configuration, keyring, stores, caches, each server layer by layer, install"
run version
run doctor
say "the MCMS appliance's clock drifts 5 minutes ahead (the emulator fakes its Date header)"
python3 -c 'import sys, urllib.request; urllib.request.urlopen(urllib.request.Request(sys.argv[1] + "/__admin/clock", data=b"{\"offset_seconds\": 300}", method="POST", headers={"Content-Type": "application/json"}))' "$MCMS_URL"
run -p lab-pon doctor
say "demo done; the emulators stop and the throw-away home is removed"
