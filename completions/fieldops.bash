# bash completion for fieldops: generated from its command tree by
# `fieldops completion bash`; do not edit.

# Resolves a command word (name or alias) under a command path: REPLY is its name or empty.
_fieldops_sub() {
  case "$1/$2" in
    '/profile'|'/profiles') REPLY='profile' ;;
    '/auth') REPLY='auth' ;;
    '/jqc') REPLY='jqc' ;;
    '/mcms') REPLY='mcms' ;;
    '/interlinedlist'|'/il') REPLY='interlinedlist' ;;
    '/doctor') REPLY='doctor' ;;
    '/completion') REPLY='completion' ;;
    '/version') REPLY='version' ;;
    'profile/list'|'profile/ls') REPLY='list' ;;
    'profile/show') REPLY='show' ;;
    'profile/add') REPLY='add' ;;
    'profile/remove'|'profile/rm') REPLY='remove' ;;
    'profile/use') REPLY='use' ;;
    'auth/login') REPLY='login' ;;
    'auth/logout') REPLY='logout' ;;
    'auth/status') REPLY='status' ;;
    'auth/token') REPLY='token' ;;
    'jqc/sync') REPLY='sync' ;;
    'jqc/status') REPLY='status' ;;
    'jqc/retry') REPLY='retry' ;;
    'jqc/facilities') REPLY='facilities' ;;
    'jqc/templates') REPLY='templates' ;;
    'jqc/cache') REPLY='cache' ;;
    'jqc/inspect') REPLY='inspect' ;;
    'jqc/issue') REPLY='issue' ;;
    'jqc/history') REPLY='history' ;;
    'jqc/notifications') REPLY='notifications' ;;
    'jqc facilities/show') REPLY='show' ;;
    'jqc templates/show') REPLY='show' ;;
    'jqc cache/clear') REPLY='clear' ;;
    'jqc inspect/start') REPLY='start' ;;
    'jqc inspect/fill') REPLY='fill' ;;
    'jqc inspect/attach') REPLY='attach' ;;
    'jqc inspect/submit') REPLY='submit' ;;
    'jqc inspect/show') REPLY='show' ;;
    'jqc inspect/list') REPLY='list' ;;
    'jqc inspect/delete') REPLY='delete' ;;
    'jqc issue/flag') REPLY='flag' ;;
    'jqc issue/list') REPLY='list' ;;
    'jqc issue/show') REPLY='show' ;;
    'jqc issue/status') REPLY='status' ;;
    'jqc notifications/poll') REPLY='poll' ;;
    'jqc notifications/watch') REPLY='watch' ;;
    'mcms/dashboard') REPLY='dashboard' ;;
    'mcms/onu') REPLY='onu' ;;
    'mcms/olt') REPLY='olt' ;;
    'mcms onu/list') REPLY='list' ;;
    'mcms onu/show') REPLY='show' ;;
    'mcms onu/config') REPLY='config' ;;
    'mcms onu/alarms') REPLY='alarms' ;;
    'mcms onu/logs') REPLY='logs' ;;
    'mcms onu/cpe') REPLY='cpe' ;;
    'mcms onu/reset') REPLY='reset' ;;
    'mcms onu/firmware') REPLY='firmware' ;;
    'mcms onu/firmware-bulk') REPLY='firmware-bulk' ;;
    'mcms olt/list') REPLY='list' ;;
    'mcms olt/show') REPLY='show' ;;
    'mcms olt/reset') REPLY='reset' ;;
    'interlinedlist/whoami') REPLY='whoami' ;;
    'interlinedlist/feed') REPLY='feed' ;;
    'interlinedlist/post') REPLY='post' ;;
    'interlinedlist/lists') REPLY='lists' ;;
    'interlinedlist/list') REPLY='list' ;;
    'interlinedlist/folders') REPLY='folders' ;;
    'interlinedlist/docs') REPLY='docs' ;;
    'interlinedlist/doc') REPLY='doc' ;;
    'interlinedlist/follow') REPLY='follow' ;;
    'interlinedlist/unfollow') REPLY='unfollow' ;;
    'interlinedlist/orgs') REPLY='orgs' ;;
    'interlinedlist/notifications') REPLY='notifications' ;;
    'interlinedlist list/show') REPLY='show' ;;
    'interlinedlist list/create') REPLY='create' ;;
    'interlinedlist doc/create') REPLY='create' ;;
    'interlinedlist doc/move') REPLY='move' ;;
    'interlinedlist doc/show') REPLY='show' ;;
    *) REPLY= ;;
  esac
}
# How an option takes its value under a command path: REPLY is empty for a flag (or an unknown
# option), else v (free text), f (file), d (directory), y (dynamic) or c (choices in _fieldops_words).
_fieldops_optkind() {
  case "$1/$2" in
    'profile add/--backend') REPLY=c; _fieldops_words=('jqc' 'mcms' 'interlinedlist' 'il') ;;
    'profile add/--base-url') REPLY=v ;;
    'profile add/--username') REPLY=v ;;
    'profile add/--http-version') REPLY=c; _fieldops_words=('auto' '1.1' '2') ;;
    'profile add/--ca-file') REPLY=f ;;
    'profile add/--http-timeout') REPLY=v ;;
    'profile add/--retries') REPLY=v ;;
    'profile add/--set') REPLY=v ;;
    'auth login/--username'|'auth login/-u') REPLY=v ;;
    'jqc sync/--concurrency') REPLY=v ;;
    'jqc sync/--wait') REPLY=v ;;
    'jqc inspect start/--template') REPLY=y ;;
    'jqc inspect start/--facility') REPLY=y ;;
    'jqc inspect start/--area') REPLY=y ;;
    'jqc inspect start/--reinspect') REPLY=y ;;
    'jqc inspect start/--notes') REPLY=v ;;
    'jqc inspect fill/--answers') REPLY=f ;;
    'jqc inspect attach/--field') REPLY=v ;;
    'jqc inspect list/--status') REPLY=c; _fieldops_words=('draft' 'pending' 'synced' 'failed') ;;
    'jqc issue flag/--inspection') REPLY=y ;;
    'jqc issue flag/--severity') REPLY=c; _fieldops_words=('low' 'medium' 'high' 'critical') ;;
    'jqc issue flag/--description') REPLY=v ;;
    'jqc issue flag/--photo') REPLY=f ;;
    'jqc issue status/--notes') REPLY=v ;;
    'jqc history/--limit') REPLY=v ;;
    'jqc history/--offset') REPLY=v ;;
    'jqc notifications poll/--exec') REPLY=v ;;
    'jqc notifications watch/--interval') REPLY=v ;;
    'jqc notifications watch/--exec') REPLY=v ;;
    'mcms onu list/--olt') REPLY=y ;;
    'mcms onu list/--state') REPLY=c; _fieldops_words=('registered' 'unprovisioned' 'deregistered' 'disabled' 'dying-gasp' 'unknown') ;;
    'mcms onu logs/--limit') REPLY=v ;;
    'mcms onu firmware/--file') REPLY=v ;;
    'mcms onu firmware/--version') REPLY=v ;;
    'mcms onu firmware-bulk/--file') REPLY=v ;;
    'mcms onu firmware-bulk/--version') REPLY=v ;;
    'mcms onu firmware-bulk/--ids') REPLY=v ;;
    'mcms onu firmware-bulk/--ids-from') REPLY=f ;;
    'mcms onu firmware-bulk/--olt') REPLY=y ;;
    'mcms onu firmware-bulk/--concurrency') REPLY=v ;;
    'mcms onu firmware-bulk/--report') REPLY=f ;;
    'mcms onu firmware-bulk/--resume') REPLY=f ;;
    'interlinedlist feed/--limit') REPLY=v ;;
    'interlinedlist feed/--offset') REPLY=v ;;
    'interlinedlist feed/--tag') REPLY=v ;;
    'interlinedlist post/--tag') REPLY=v ;;
    'interlinedlist list create/--parent') REPLY=y ;;
    'interlinedlist list create/--description') REPLY=v ;;
    'interlinedlist docs/--folder') REPLY=y ;;
    'interlinedlist doc create/--title') REPLY=v ;;
    'interlinedlist doc create/--folder') REPLY=y ;;
    'interlinedlist doc create/--file') REPLY=f ;;
    'interlinedlist doc create/--content') REPLY=v ;;
    'interlinedlist doc move/--folder') REPLY=y ;;
    'interlinedlist notifications/--read') REPLY=v ;;
    *'/--profile'|*'/-p') REPLY=y ;;
    *'/--config') REPLY=f ;;
    *'/--output'|*'/-o') REPLY=c; _fieldops_words=('table' 'json' 'plain') ;;
    *'/--timeout') REPLY=v ;;
    *) REPLY= ;;
  esac
}
# How the positional argument at index $2 is completed (same letters as _fieldops_optkind).
_fieldops_argkind() {
  case "$1/$2" in
    'profile show/0') REPLY=y ;;
    'profile add/0') REPLY=v ;;
    'profile remove/0') REPLY=y ;;
    'profile use/0') REPLY=y ;;
    'jqc retry/'*) REPLY=y ;;
    'jqc facilities show/0') REPLY=y ;;
    'jqc templates show/0') REPLY=y ;;
    'jqc inspect fill/0') REPLY=y ;;
    'jqc inspect attach/0') REPLY=y ;;
    'jqc inspect attach/1') REPLY=f ;;
    'jqc inspect submit/0') REPLY=y ;;
    'jqc inspect show/0') REPLY=y ;;
    'jqc inspect delete/0') REPLY=y ;;
    'jqc issue show/0') REPLY=y ;;
    'jqc issue status/0') REPLY=y ;;
    'jqc issue status/1') REPLY=c; _fieldops_words=('open' 'in_progress' 'resolved') ;;
    'mcms onu show/0') REPLY=y ;;
    'mcms onu config/0') REPLY=y ;;
    'mcms onu alarms/0') REPLY=y ;;
    'mcms onu logs/0') REPLY=y ;;
    'mcms onu cpe/0') REPLY=y ;;
    'mcms onu reset/0') REPLY=y ;;
    'mcms onu firmware/0') REPLY=y ;;
    'mcms olt show/0') REPLY=y ;;
    'mcms olt reset/0') REPLY=y ;;
    'interlinedlist post/0') REPLY=v ;;
    'interlinedlist list show/0') REPLY=y ;;
    'interlinedlist list create/0') REPLY=v ;;
    'interlinedlist doc move/0') REPLY=y ;;
    'interlinedlist doc show/0') REPLY=y ;;
    'interlinedlist follow/0') REPLY=v ;;
    'interlinedlist unfollow/0') REPLY=v ;;
    'completion/0') REPLY=c; _fieldops_words=('bash' 'zsh' 'fish') ;;
    *) REPLY= ;;
  esac
}
# Subcommands (_fieldops_cmds) and options (_fieldops_opts) of a command path, as name:description.
_fieldops_names() {
  _fieldops_gopts=('--profile:Use this profile (default: $FIELDOPS_PROFILE, the only profile of the backend, then default_profile).' '--config:Read configuration from PATH instead of $XDG_CONFIG_HOME/fieldops/config.yaml.' '--json:Print stable JSON on stdout (same as --output json).' '--output:Output format: table (terminal default), json, or plain (tab-separated; default when piped).' '--no-color:Never colour output (also: NO_COLOR=1).' '--quiet:Print only results and errors.' '--verbose:Trace HTTP requests on stderr (secrets redacted).' '--yes:Answer yes to confirmations (required off a terminal for destructive actions).' '--timeout:Time allowed for each HTTP request (e.g. 30s, 2m), overriding the profile.' '--help:Show help for the command.' '--version:Print the version and exit.')
  _fieldops_cmds=() _fieldops_opts=()
  case "$1" in
    '') _fieldops_cmds=('profile:List, show, add, remove and choose profiles.' 'auth:Log in and out, and see where credentials are stored.' 'jqc:JanitorialQC: facility inspections, offline-first.' 'mcms:PON network management: ONUs and OLTs on an MCMS server.' 'interlinedlist:InterlinedList: feed, posts, nested lists and folders, documents, people.' 'doctor:Check the configuration, keyring, stores, servers and installation in one go.' 'completion:Print the shell completion script for bash, zsh or fish.' 'version:Print the version of fieldops, its commit and the libraries it runs with.') ;;
    'profile') _fieldops_cmds=('list:List the configured profiles.' 'show:Show one profile'\''s settings (the selected one by default).' 'add:Add a profile in its own file under profiles.d/.' 'remove:Remove a profile and its stored credentials (local data is kept).' 'use:Make a profile the default.') ;;
    'profile add') _fieldops_opts=('--backend:The service: jqc, mcms, interlinedlist, il.' '--base-url:The service'\''s base URL (https://…).' '--username:The account to log in as.' '--http-version:HTTP version: auto, 1.1 or 2.' '--ca-file:Extra CA certificates to trust for this service.' '--http-timeout:Time allowed for each request (e.g. 30s).' '--retries:Retries of failed idempotent requests (0-10).' '--set:A backend-specific profile setting.') ;;
    'auth') _fieldops_cmds=('login:Log in to the selected profile'\''s service and store the credentials.' 'logout:End the session and remove the profile'\''s stored credentials.' 'status:Show which profiles are logged in and where their credentials are stored.' 'token:Print the selected profile'\''s access token (for scripts).') ;;
    'auth login') _fieldops_opts=('--username:The account (default: the profile'\''s username, else a prompt).' '--password-stdin:Read the password from the first line of stdin.' '--with-token:Read an access token from stdin instead of logging in with a password.' '--remember-password:Also store the password in the keyring so an expired session can log in again (MCMS).') ;;
    'jqc') _fieldops_cmds=('sync:Send queued work and refresh reference data, issues and notifications.' 'status:Show what waits to be sent, what failed and when the last sync ran.' 'retry:Re-queue failed items for the next sync, with a fresh retry count.' 'facilities:List the cached facilities (refreshed by `fieldops jqc sync`).' 'templates:List the cached inspection templates.' 'cache:Manage the cached reference data.' 'inspect:Start, fill, attach photos to, submit, show, list and delete inspections.' 'issue:Flag issues on inspections, list and show them, change their status.' 'history:List completed inspections from the server, newest first (online only).' 'notifications:Fetch notifications (issue assignments, follow-up requests) once or continuously.') ;;
    'jqc sync') _fieldops_opts=('--dry-run:List what would be sent and pulled; send and change nothing.' '--concurrency:Uploads and submissions in flight at once (1-8, default 6).' '--wait:How long to wait for another sync of this profile to finish (default 5m).') ;;
    'jqc retry') _fieldops_opts=('--all-failed:Re-queue every failed inspection, issue and photo.') ;;
    'jqc facilities') _fieldops_cmds=('show:Show one facility and its areas.') ;;
    'jqc templates') _fieldops_cmds=('show:Show a template'\''s form fields in grid order (--json: the schema as the server sent it).') ;;
    'jqc cache') _fieldops_cmds=('clear:Delete the cached facilities, areas and templates (never inspections, issues or photos).') ;;
    'jqc inspect') _fieldops_cmds=('start:Start a draft inspection and print its local id.' 'fill:Answer a draft'\''s fields: interactively on a terminal, or from an answers file.' 'attach:Attach a photo (JPEG or PNG, at most 50 MB) to an image or signature field of a draft.' 'submit:Complete a draft: check required fields, compute the score, queue it for sync.' 'show:Show an inspection as a card: answers, score, status, issues and photos.' 'list:List local inspections, newest first, with their status (Draft, Pending Sync, Completed, Sync Failed).' 'delete:Delete a draft with its photos and issues (drafts only; asks first).') ;;
    'jqc inspect start') _fieldops_opts=('--template:The template to inspect with.' '--facility:The facility inspected.' '--area:The area inspected (optional).' '--reinspect:Re-inspect the inspection ID (local or server id) that requires a follow-up.' '--notes:Free-text notes sent with the inspection.') ;;
    'jqc inspect fill') _fieldops_opts=('--answers:Answers file (JSON or YAML), or - for stdin.') ;;
    'jqc inspect attach') _fieldops_opts=('--field:The image or signature field'\''s id.') ;;
    'jqc inspect submit') _fieldops_opts=('--sync:Sync right away after submitting.') ;;
    'jqc inspect list') _fieldops_opts=('--status:Only drafts, pending, synced or failed inspections.') ;;
    'jqc issue') _fieldops_cmds=('flag:Flag an issue on an inspection (draft or submitted); sent by the next sync after its inspection.' 'list:List local issues: flagged on this device and pulled from the server (assigned to or reported by you).' 'show:Show one issue with its photos (local copies and server URLs).' 'status:Change an issue'\''s status on the server (online only).') ;;
    'jqc issue flag') _fieldops_opts=('--inspection:The inspection the issue was found in.' '--severity:How serious it is.' '--description:What is wrong.' '--photo:A JPEG or PNG photo of it (copied into the store).') ;;
    'jqc issue status') _fieldops_opts=('--notes:Notes on the resolution.') ;;
    'jqc history') _fieldops_opts=('--limit:Inspections per page (1-100, default 30).' '--offset:Skip the first N (default 0).' '--all:Fetch every page.') ;;
    'jqc notifications') _fieldops_cmds=('poll:Fetch new notifications once, print them and mark them read.' 'watch:Keep fetching notifications and print each one as it arrives (Ctrl-C stops).') ;;
    'jqc notifications poll') _fieldops_opts=('--exec:Run CMD (with /bin/sh) for each notification; FIELDOPS_NOTIFICATION_ID, _TYPE, _TITLE, _BODY, _LINK, _CREATED_AT, _ISSUE_ID, _INSPECTION_ID and _JSON are set.') ;;
    'jqc notifications watch') _fieldops_opts=('--interval:Time between fetches (default 60s, at least 1s).' '--exec:Run CMD (with /bin/sh) for each notification; FIELDOPS_NOTIFICATION_ID, _TYPE, _TITLE, _BODY, _LINK, _CREATED_AT, _ISSUE_ID, _INSPECTION_ID and _JSON are set.') ;;
    'mcms') _fieldops_cmds=('dashboard:ONU and OLT counts, registration breakdown, total traffic and health.' 'onu:ONUs: list, detail, reset and firmware.' 'olt:OLTs: list, detail and reset.') ;;
    'mcms onu') _fieldops_cmds=('list:Every ONU with its name, OLT, registration, firmware, uptime and RX level.' 'show:Overview: status, both firmware banks, optical and FEC, UNI ports, traffic, uptime.' 'config:The raw configuration document (pretty JSON; --json prints it compact and exact).' 'alarms:The ONU'\''s active alarms.' 'logs:The ONU'\''s log, newest first.' 'cpe:DHCP leases of the customer equipment behind the ONU.' 'reset:Reboot the ONU (asks you to type its id; --yes off a terminal).' 'firmware:Install firmware into the inactive bank and activate it (Procedure 7).' 'firmware-bulk:Procedure 7 for many ONUs, concurrently, with a resumable report.') ;;
    'mcms onu list') _fieldops_opts=('--olt:Only ONUs of this OLT (MAC or name).' '--state:Only ONUs in this registration state.') ;;
    'mcms onu logs') _fieldops_opts=('--limit:At most N entries (default 50).') ;;
    'mcms onu firmware') _fieldops_opts=('--file:The firmware file name as the server lists it.' '--version:The version of that file.' '--stage-only:Write the inactive bank but keep running the active one.' '--dry-run:Print the exact document change and send nothing.') ;;
    'mcms onu firmware-bulk') _fieldops_opts=('--file:The firmware file name as the server lists it.' '--version:The version of that file.' '--ids:Comma-separated ONU ids.' '--ids-from:A file with one ONU id per line (- for stdin).' '--olt:Every ONU of this OLT.' '--concurrency:ONUs in flight at once (default 8).' '--stage-only:Write the inactive banks but do not activate them.' '--dry-run:Plan every ONU and print what would happen; send nothing.' '--report:Append one JSON line per ONU here.' '--resume:Continue the run whose report this is (appends to it).') ;;
    'mcms olt') _fieldops_cmds=('list:Every OLT with ONU counts per registration state, traffic, temperature and uptime.' 'show:Status, uptime, traffic, environment, uplink and registration buckets with ONU names.' 'reset:Reboot the OLT (asks you to type its MAC; --yes off a terminal).') ;;
    'interlinedlist') _fieldops_cmds=('whoami:Show the signed-in user (the stored identity when offline).' 'feed:Show the feed, newest first, as cards (--json: the server'\''s JSON).' 'post:Post a message (TEXT - reads it from stdin).' 'lists:Show your lists, flat or as a tree with their folders.' 'list:Show or create a list.' 'folders:Show your list folders.' 'docs:Show the documents (and subfolders) at the root or in a folder.' 'doc:Create, move or show a document.' 'follow:Follow a user (a private account gets a request).' 'unfollow:Stop following a user.' 'orgs:Show your organizations and your role in each.' 'notifications:Show unread notifications; mark them read.') ;;
    'interlinedlist feed') _fieldops_opts=('--limit:Messages per page (default 20).' '--offset:Skip the first N messages.' '--mine:Only your own messages.' '--tag:Only messages with this tag.' '--all:Follow the pages to the end.' '--refresh:Ask the server even if the cached copy is fresh (the cache is still shown when offline).' '--no-cache:Ask the server and never show cached data: offline is exit 4.') ;;
    'interlinedlist post') _fieldops_opts=('--tag:Add a tag (repeatable).' '--private:Visible only to you and your followers.') ;;
    'interlinedlist lists') _fieldops_opts=('--tree:Folders and nested lists as a tree.' '--refresh:Ask the server even if the cached copy is fresh (the cache is still shown when offline).' '--no-cache:Ask the server and never show cached data: offline is exit 4.') ;;
    'interlinedlist list') _fieldops_cmds=('show:Show a list'\''s properties and rows.' 'create:Create a list, optionally under a parent list.') ;;
    'interlinedlist list show') _fieldops_opts=('--refresh:Ask the server even if the cached copy is fresh (the cache is still shown when offline).' '--no-cache:Ask the server and never show cached data: offline is exit 4.') ;;
    'interlinedlist list create') _fieldops_opts=('--parent:The parent list.' '--description:A description.') ;;
    'interlinedlist folders') _fieldops_opts=('--refresh:Ask the server even if the cached copy is fresh (the cache is still shown when offline).' '--no-cache:Ask the server and never show cached data: offline is exit 4.') ;;
    'interlinedlist docs') _fieldops_opts=('--folder:A document folder (default: the root).' '--refresh:Ask the server even if the cached copy is fresh (the cache is still shown when offline).' '--no-cache:Ask the server and never show cached data: offline is exit 4.') ;;
    'interlinedlist doc') _fieldops_cmds=('create:Create a markdown document at the root or in a folder.' 'move:Move a document to a folder, or to the root.' 'show:Show a document'\''s markdown.') ;;
    'interlinedlist doc create') _fieldops_opts=('--title:The document'\''s title.' '--folder:The folder to create it in.' '--file:Read the content from a file (- for stdin).' '--content:The content, inline.') ;;
    'interlinedlist doc move') _fieldops_opts=('--folder:The target folder, or root.') ;;
    'interlinedlist notifications') _fieldops_opts=('--read:Mark a notification read (repeatable).' '--read-all:Mark every notification read.') ;;
    'doctor') _fieldops_opts=('--offline:Only local checks: no DNS, connection or request.') ;;
  esac
}
# Reads the words before the cursor ("$@"): sets _fieldops_path (the command path), _fieldops_expect (an
# option still waiting for its value), _fieldops_npos (positional words so far) and _fieldops_ddash (after --).
_fieldops_walk() {
  _fieldops_path= _fieldops_expect= _fieldops_npos=0 _fieldops_ddash=
  local w j
  for w in "$@"; do
    if [[ -n $_fieldops_expect ]]; then _fieldops_expect=; continue; fi
    if [[ -n $_fieldops_ddash ]]; then (( _fieldops_npos += 1 )); continue; fi
    case $w in
      --) _fieldops_ddash=1 ;;
      --*=*) ;;
      --*) _fieldops_optkind "$_fieldops_path" "$w"; [[ -n $REPLY ]] && _fieldops_expect=$w ;;
      -[0-9]*) (( _fieldops_npos += 1 )) ;;
      -?*)
        for (( j = 1; j < ${#w}; j++ )); do
          _fieldops_optkind "$_fieldops_path" "-${w:$j:1}"
          if [[ -n $REPLY ]]; then
            (( j == ${#w} - 1 )) && _fieldops_expect="-${w:$j:1}"
            break
          fi
        done ;;
      *)
        REPLY=
        (( _fieldops_npos == 0 )) && _fieldops_sub "$_fieldops_path" "$w"
        if [[ -n $REPLY ]]; then _fieldops_path=${_fieldops_path:+$_fieldops_path }$REPLY; else (( _fieldops_npos += 1 )); fi ;;
    esac
  done
  return 0
}
_fieldops_add() {
  [[ $1 == "$_fieldops_cur"* ]] || return 0
  _fieldops_vals+=("$1") _fieldops_descs+=("$2")
}

# Asks the program for .dynamic values: the words before the cursor, then the option whose
# value is typed as --opt=value (split), then the value typed so far.
_fieldops_dynamic() {
  local value=$1 line
  shift
  local -a args
  args=("$@")
  [[ -n $_fieldops_head ]] && args+=("${_fieldops_head%=}")
  args+=("$value")
  while IFS= read -r line; do
    [[ -n $line ]] || continue
    if [[ $line == *$'\t'* ]]; then
      _fieldops_add "$_fieldops_head${line%%$'\t'*}" "${line#*$'\t'}"
    else
      _fieldops_add "$_fieldops_head$line" ""
    fi
  done < <(command fieldops __complete "${args[@]}" 2>/dev/null)
}

# Candidates for the word under the cursor ($1) after the words before it ($2…), which
# _fieldops_walk has read: whole words in _fieldops_vals (descriptions in _fieldops_descs), or _fieldops_files set
# to f or d with _fieldops_value the path typed so far.
_fieldops_candidates() {
  local cur=$1 kind= item
  shift
  _fieldops_cur=$cur _fieldops_vals=() _fieldops_descs=() _fieldops_files= _fieldops_head= _fieldops_value=$cur
  if [[ -n $_fieldops_expect ]]; then
    _fieldops_optkind "$_fieldops_path" "$_fieldops_expect"; kind=$REPLY
  elif [[ -n $_fieldops_ddash ]]; then
    _fieldops_argkind "$_fieldops_path" "$_fieldops_npos"; kind=$REPLY
  elif [[ $cur == --*=* ]]; then
    _fieldops_head=${cur%%=*}= _fieldops_value=${cur#*=}
    _fieldops_optkind "$_fieldops_path" "${cur%%=*}"; kind=$REPLY
  elif [[ $cur == -* ]]; then
    _fieldops_names "$_fieldops_path"
    for item in "${_fieldops_opts[@]}" "${_fieldops_gopts[@]}"; do _fieldops_add "${item%%:*}" "${item#*:}"; done
    return 0
  else
    if (( _fieldops_npos == 0 )); then
      _fieldops_names "$_fieldops_path"
      for item in "${_fieldops_cmds[@]}"; do _fieldops_add "${item%%:*}" "${item#*:}"; done
    fi
    _fieldops_argkind "$_fieldops_path" "$_fieldops_npos"; kind=$REPLY
  fi
  case $kind in
    c) for item in "${_fieldops_words[@]}"; do _fieldops_add "$_fieldops_head$item" ""; done ;;
    f|d) _fieldops_files=$kind ;;
    y) _fieldops_dynamic "$_fieldops_value" "$@" ;;
  esac
  return 0
}

# Bash splits words at = and : (COMP_WORDBREAKS), so --state=dying-gasp and MAC addresses
# arrive in pieces: glue them back, complete whole words, then hand readline only the part
# after the last break, which is all it replaces.
_fieldops() {
  local -a words=()
  local i w join=
  for (( i = 1; i <= COMP_CWORD; i++ )); do
    w=${COMP_WORDS[i]}
    if (( ${#words[@]} > 0 )) && [[ -n $join || $w == = || $w == : ]]; then
      words[${#words[@]}-1]+=$w
      if [[ $w == = || $w == : ]]; then join=1; else join=; fi
    else
      words+=("$w")
      join=
    fi
  done
  (( ${#words[@]} > 0 )) || words=("")
  local cur=${words[${#words[@]}-1]}
  local -a before=("${words[@]:0:${#words[@]}-1}")
  _fieldops_walk "${before[@]}"
  _fieldops_candidates "$cur" "${before[@]}"
  local typed=${COMP_WORDS[COMP_CWORD]}
  [[ $typed == = || $typed == : ]] && typed=
  local strip=$(( ${#cur} - ${#typed} ))
  COMPREPLY=()
  if [[ -n $_fieldops_files ]]; then
    compopt -o filenames 2>/dev/null
    local flag=-f
    [[ $_fieldops_files == d ]] && flag=-d
    while IFS= read -r w; do
      w=$_fieldops_head$w
      COMPREPLY+=("${w:$strip}")
    done < <(compgen $flag -- "$_fieldops_value")
  else
    for w in "${_fieldops_vals[@]}"; do COMPREPLY+=("${w:$strip}"); done
  fi
  return 0
}

complete -F _fieldops fieldops
