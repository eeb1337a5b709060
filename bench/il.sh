#!/usr/bin/env bash
# InterlinedList figures. Prints figures; never fails on them.
#
#   * `il feed` and `il lists --tree` (5,000 lists, 500 folders) live, and offline from the mirror;
#   * `il sync` of 2,000 lists, 200 folders, 100,000 rows and 1,000 documents, beside curl
#     fetching the same pages one after another, with the sync's peak RSS;
#   * offline from the mirror: `il list show` of a 10,000-row list, `il lists --tree`;
#   * `il row add --from` of 2,500 rows beside the floor of its requests (curl, one after another).
#
# Usage: bench/il.sh [PATH_TO_RELEASE_FIELDOPS]
# Targets (issue #10): sync <= 1.3x curl, <= 150 MB; mirror `list show` 10,000 rows <= 80 ms;
# mirror `lists --tree` <= 30 ms; 2,500-row import <= 1.3x the floor of its requests.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/bench/lib.sh"
fieldops_binary "${1:-}"
throwaway_home
export NO_COLOR=1

admin() { curl -fsS -X POST -H 'Content-Type: application/json' -d "$2" "$base/__admin/$1" >/dev/null; }

profile() {
    cat >"$XDG_CONFIG_HOME/fieldops/config.yaml" <<YAML
profiles:
  lists:
    backend: il
    base_url: $base
    username: ada@example.com
    # Offline figures time the mirror, not the retry back-off of a refused connection
    # (with the default retries an offline read first spends about a second retrying).
    http: { retries: 0 }
YAML
}
login() { printf 'lovelace1\n' | "$bin" -p lists auth login --password-stdin >/dev/null 2>&1; }

echo "# il bench ($bin)"

# --- feed and tree: live, then offline from the mirror --------------------------------------
start_emulator interlinedlist_emulator.py --login-limit 0
base=$url
profile
login
timecmd "${env_args[@]}" --runs 15 --label "il feed (live)" -- "$bin" -p lists il feed
admin generate-lists '{"lists": 5000, "folders": 500}'
timecmd "${env_args[@]}" --runs 5 --warmup 1 --label "il lists --tree 5000/500 (live, 6 pages)" -- "$bin" -p lists il lists --tree
stop_emulator
timecmd "${env_args[@]}" --runs 20 --label "il feed (offline, mirror)" -- "$bin" -p lists il feed
timecmd "${env_args[@]}" --runs 20 --label "il lists --tree 5000/500 (offline, mirror) [<=30 ms]" -- "$bin" -p lists il lists --tree
timecmd "${env_args[@]}" --runs 20 --label "__complete il list show l1 (5000 in the mirror)" -- "$bin" __complete -p lists il list show l1
"$bin" -p lists auth logout >/dev/null 2>&1 || true

# --- il sync of 2,000 lists / 200 folders / 100,000 rows / 1,000 documents ------------------
start_emulator interlinedlist_emulator.py --login-limit 0
base=$url
profile
admin generate-lists '{"lists": 1990, "folders": 197}'
admin generate-rows '{"rows": 10000, "lists": ["l001"]}'
admin generate-rows '{"rows": 90000}'
admin generate-documents '{"documents": 994, "folders": 97}'
login
token=$(curl -fsS -X POST -H 'Content-Type: application/json' -d '{"email":"ada@example.com","password":"lovelace1"}' "$base/api/auth/sync-token" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
# The pages `il sync` fetches, as one sequential curl run (one connection, reused).
python3 - "$base" "$token" >"$work/curl.cfg" <<'PY'
import json, sys, urllib.request
base, token = sys.argv[1], sys.argv[2]
def get(path):
    request = urllib.request.Request(base + path, headers={"Authorization": "Bearer " + token})
    return json.load(urllib.request.urlopen(request))
header = 'header = "Authorization: Bearer %s"' % token
paths = []
first = get("/api/lists?limit=1000&offset=0")
total = first["pagination"]["total"]
paths += ["/api/lists?limit=1000&offset=%d" % o for o in range(0, total, 1000)]
ids = [l["id"] for o in range(0, total, 1000) for l in get("/api/lists?limit=1000&offset=%d" % o)["lists"]]
paths += ["/api/folders", "/api/documents/sync", "/api/messages?limit=20&offset=0"]
paths += ["/api/messages?limit=100&offset=0"]
for i in ids:
    paths.append("/api/lists/%s" % i)
    rows = get("/api/lists/%s/data?limit=1&offset=0" % i)["pagination"]["total"]
    paths += ["/api/lists/%s/data?limit=1000&offset=%d" % (i, o) for o in range(0, max(rows, 1), 1000)]
print(header)
for path in paths:
    print('url = "%s%s"' % (base, path))
    print('output = "/dev/null"')
PY
pages=$(grep -c '^url' "$work/curl.cfg")
timecmd --runs 3 --warmup 1 --label "curl: the same $pages pages one after another" -- curl -fsS --config "$work/curl.cfg"
timecmd "${env_args[@]}" --runs 3 --warmup 1 --rss --label "il sync 2000 lists/200 folders/100000 rows/1000 docs [<=1.3x curl, <=150 MB]" -- "$bin" -p lists il sync
"$bin" -p lists il sync
stop_emulator
timecmd "${env_args[@]}" --runs 20 --label "il list show l001, 10,000 rows (offline, mirror) [<=80 ms]" -- "$bin" -p lists il list show l001
timecmd "${env_args[@]}" --runs 20 --label "il list show l001 --where done=false --sort qty (mirror)" -- "$bin" -p lists il list show l001 --where done=false --sort qty
timecmd "${env_args[@]}" --runs 20 --label "il lists --tree 2000/200 (offline, mirror) [<=30 ms]" -- "$bin" -p lists il lists --tree
"$bin" -p lists auth logout >/dev/null 2>&1 || true

# --- a 2,500-row import beside the floor of its requests -------------------------------------
python3 - "$work/rows.csv" "$work" <<'PY'
import json, sys
path, work = sys.argv[1], sys.argv[2]
rows = [{"item": "Item %d" % i, "qty": i, "done": i % 2 == 0} for i in range(2500)]
with open(path, "w") as out:
    out.write("item,qty,done\n")
    for r in rows:
        out.write("%s,%d,%s\n" % (r["item"], r["qty"], "yes" if r["done"] else "no"))
for n, start in enumerate(range(0, 2500, 1000)):
    with open("%s/bulk%d.json" % (work, n), "w") as out:
        json.dump({"bulk": True, "data": rows[start:start + 1000]}, out)
PY
start_emulator interlinedlist_emulator.py --login-limit 0
base=$url
profile
login
# The requests the import makes, for curl: the list, its rows before, three bulk POSTs, its rows after.
# curl's config options are global until `next`, so every request is its own block.
get() { printf 'header = "Authorization: Bearer TOKEN"\nurl = "%s"\noutput = "/dev/null"\nnext\n' "$1"; }
{
    get "$base/api/lists/l001"
    get "$base/api/lists/l001/data?limit=1000&offset=0"
    for n in 0 1 2; do
        printf 'header = "Authorization: Bearer TOKEN"\nheader = "Content-Type: application/json"\nurl = "%s"\ndata-binary = "@%s"\noutput = "/dev/null"\nnext\n' \
            "$base/api/lists/l001/data" "$work/bulk$n.json"
    done
    for o in 0 1000 2000; do get "$base/api/lists/l001/data?limit=1000&offset=$o"; done
} >"$work/floor.template"
sed -i '$ d' "$work/floor.template"   # no `next` after the last request
python3 - "$bin" "$work" "$base" <<'PY'
import json, os, statistics, subprocess, sys, time
bin_, work, base = sys.argv[1:4]
def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)
def timed(cmd):
    start = time.perf_counter()
    run(cmd, stdout=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000
def fresh_server():
    run(["curl", "-fsS", "-X", "POST", base + "/__admin/reset"], stdout=subprocess.DEVNULL)
    run([bin_, "-p", "lists", "auth", "login", "--password-stdin"], input=b"lovelace1\n", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
def token():
    out = run(["curl", "-fsS", "-X", "POST", "-H", "Content-Type: application/json", "-d",
               json.dumps({"email": "ada@example.com", "password": "lovelace1"}), base + "/api/auth/sync-token"],
              capture_output=True).stdout
    return json.loads(out)["token"]
imports, floors = [], []
for _ in range(15):   # fifteen of each, interleaved: a median of three swung by ±0.2x on a shared machine, of seven by ±0.1x
    fresh_server()
    imports.append(timed([bin_, "-p", "lists", "il", "row", "add", "l001", "--from", work + "/rows.csv"]))
    fresh_server()
    with open(work + "/floor.template") as f:
        config = f.read().replace("TOKEN", token())
    with open(work + "/floor.cfg", "w") as f:
        f.write(config)
    floors.append(timed(["curl", "-fsS", "--config", work + "/floor.cfg"]))
i, f = statistics.median(imports), statistics.median(floors)
print("il row add --from 2,500 rows: median %.0f ms; floor of its requests (curl, one after another) %.0f ms; %.2fx  [<=1.3x]" % (i, f, i / f))
PY
