# bash completion for fieldops: generated from its command tree by
# `fieldops completion bash`; do not edit.

# Resolves a command word (name or alias) under a command path: REPLY is its name or empty.
_fieldops_sub() {
  case "$1/$2" in
    '/profile') REPLY='profile' ;;
    '/auth') REPLY='auth' ;;
    '/jqc') REPLY='jqc' ;;
    '/mcms') REPLY='mcms' ;;
    '/completion') REPLY='completion' ;;
    'profile/list'|'profile/ls') REPLY='list' ;;
    'profile/show') REPLY='show' ;;
    'profile/add') REPLY='add' ;;
    'profile/use') REPLY='use' ;;
    'auth/login') REPLY='login' ;;
    'auth/logout') REPLY='logout' ;;
    'auth/status') REPLY='status' ;;
    'jqc/sync') REPLY='sync' ;;
    'jqc/status') REPLY='status' ;;
    'jqc/retry') REPLY='retry' ;;
    'jqc/history') REPLY='history' ;;
    'jqc/inspect'|'jqc/i') REPLY='inspect' ;;
    'jqc/export') REPLY='export' ;;
    'jqc inspect/start') REPLY='start' ;;
    'jqc inspect/attach') REPLY='attach' ;;
    'jqc inspect/list') REPLY='list' ;;
    'mcms/onu') REPLY='onu' ;;
    'mcms onu/list') REPLY='list' ;;
    'mcms onu/show') REPLY='show' ;;
    'mcms onu/watch') REPLY='watch' ;;
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
    'auth login/--username') REPLY=v ;;
    'jqc history/--limit') REPLY=v ;;
    'jqc history/--tag') REPLY=v ;;
    'jqc inspect start/--template') REPLY=y ;;
    'jqc inspect start/--facility') REPLY=y ;;
    'jqc inspect start/--area') REPLY=v ;;
    'jqc inspect attach/--field') REPLY=v ;;
    'jqc inspect list/--status') REPLY=c; _fieldops_words=('draft' 'pending' 'synced' 'failed') ;;
    'mcms onu list/--olt') REPLY=y ;;
    'mcms onu list/--state') REPLY=c; _fieldops_words=('registered' 'unprovisioned' 'deregistered' 'disabled' 'dying-gasp' 'unknown') ;;
    'mcms onu watch/--interval') REPLY=v ;;
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
    'profile use/0') REPLY=y ;;
    'jqc retry/'*) REPLY=y ;;
    'jqc inspect attach/0') REPLY=y ;;
    'jqc inspect attach/1') REPLY=f ;;
    'jqc export/0') REPLY=d ;;
    'mcms onu show/0') REPLY=y ;;
    'mcms onu watch/0') REPLY=y ;;
    'completion/0') REPLY=c; _fieldops_words=('bash' 'zsh' 'fish') ;;
    *) REPLY= ;;
  esac
}
# Subcommands (_fieldops_cmds) and options (_fieldops_opts) of a command path, as name:description.
_fieldops_names() {
  _fieldops_gopts=('--profile:Profile to use (default: FIELDOPS_PROFILE, then default_profile).' '--config:Configuration file to read instead of the default.' '--json:Print JSON on stdout (same as --output json).' '--output:Output format.' '--no-color:Do not colour the output.' '--quiet:Print only what was asked for.' '--verbose:Print HTTP requests and timings to stderr.' '--yes:Answer yes to confirmations (needed off a terminal).' '--timeout:Give up on a request after this long (30s, 2m).' '--help:Show help for the command.' '--version:Print the version and exit.')
  _fieldops_cmds=() _fieldops_opts=()
  case "$1" in
    '') _fieldops_cmds=('profile:List, add and choose profiles.' 'auth:Log in and out.' 'jqc:JanitorialQC: facility inspections.' 'mcms:MCMS: PON ONUs and OLTs.' 'completion:Print a shell completion script.') ;;
    'profile') _fieldops_cmds=('list:List the configured profiles.' 'show:Show one profile.' 'add:Add a profile.' 'use:Make a profile the default.') ;;
    'profile add') _fieldops_opts=('--backend:The service behind the profile.' '--base-url:The service'\''s base URL.' '--username:The login name.') ;;
    'auth') _fieldops_cmds=('login:Log in to the profile'\''s service.' 'logout:Forget the stored credential.' 'status:Show who is logged in.') ;;
    'auth login') _fieldops_opts=('--username:The login name.' '--password-stdin:Read the password from stdin.') ;;
    'jqc') _fieldops_cmds=('sync:Upload queued work and refresh reference data.' 'status:Show the outbox.' 'retry:Retry failed uploads.' 'history:Show submitted inspections.' 'inspect:Start, fill and submit inspections.' 'export:Write inspections to a directory.') ;;
    'jqc sync') _fieldops_opts=('--dry-run:Show what would be sent without sending it.') ;;
    'jqc retry') _fieldops_opts=('--all-failed:Retry every failed item.') ;;
    'jqc history') _fieldops_opts=('--limit:At most N entries.' '--tag:Only entries with this tag.') ;;
    'jqc inspect') _fieldops_cmds=('start:Start an inspection from a template.' 'attach:Attach a photo to a field.' 'list:List local inspections.') ;;
    'jqc inspect start') _fieldops_opts=('--template:The inspection template.' '--facility:The facility inspected.' '--area:The area within the facility.') ;;
    'jqc inspect attach') _fieldops_opts=('--field:The form field.') ;;
    'jqc inspect list') _fieldops_opts=('--status:Only those in this state.') ;;
    'mcms') _fieldops_cmds=('onu:Optical network units.') ;;
    'mcms onu') _fieldops_cmds=('list:List ONUs.' 'show:Show one ONU.' 'watch:Poll an ONU'\''s state.') ;;
    'mcms onu list') _fieldops_opts=('--olt:Only ONUs behind this OLT.' '--state:Only ONUs in this state.') ;;
    'mcms onu watch') _fieldops_opts=('--interval:Time between polls.') ;;
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
# after the last break, which is all it replaces. A word begun with a quote is matched
# without it; readline inserts inside the quote and closes it.
_fieldops() {
  local -a words=()
  local i w d join=
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
  local raw=${words[${#words[@]}-1]} quoted= cur
  if [[ $raw == [\"\']* ]]; then quoted=1 raw=${raw:1} cur=$raw; else _fieldops_unescape "$raw"; cur=$REPLY; fi
  local -a before=("${words[@]:0:${#words[@]}-1}")
  _fieldops_walk "${before[@]}"
  _fieldops_candidates "$cur" "${before[@]}"
  local typed=${COMP_WORDS[COMP_CWORD]}
  [[ $typed == = || $typed == : ]] && typed=
  [[ -n $quoted ]] && typed=${typed:1}
  local strip=$(( ${#raw} - ${#typed} ))
  COMPREPLY=()
  if [[ -n $_fieldops_files ]]; then
    compopt -o filenames 2>/dev/null
    local flag=-f
    [[ $_fieldops_files == d ]] && flag=-d
    while IFS= read -r w; do
      w=$_fieldops_head$w
      COMPREPLY+=("${w:$strip}")
    done < <(compgen $flag -- "$_fieldops_value")
    return 0
  fi
  _fieldops_reply "$cur" "$strip" "$quoted"
  return 0
}

# REPLY is the word as the shell will read it: backslash escapes (North\ depot) undone.
_fieldops_unescape() {
  local s=$1 c
  REPLY=
  while [[ -n $s ]]; do
    c=${s:0:1} s=${s:1}
    if [[ $c == \\ && -n $s ]]; then c=${s:0:1} s=${s:1}; fi
    REPLY+=$c
  done
}

# Fills COMPREPLY from _fieldops_vals: one match goes in whole, escaped (a name with spaces
# stays one word); several that share more than was typed insert that much; otherwise they
# are listed with their descriptions ("site-a  (Main Street)"), as zsh and fish show them.
_fieldops_reply() {
  local cur=$1 strip=$2 quoted=$3 w d i width=0 described=
  local -a vals=("${_fieldops_vals[@]}") descs=("${_fieldops_descs[@]}")
  (( ${#vals[@]} > 0 )) || return 0
  local common=${vals[0]}
  for w in "${vals[@]:1}"; do
    while [[ ${w:0:${#common}} != "$common" ]]; do common=${common:0:${#common}-1}; done
  done
  for d in "${descs[@]}"; do [[ -n $d ]] && described=1; done
  if (( ${#vals[@]} == 1 || ${#common} > ${#cur} )) || [[ -z $described ]]; then
    for w in "${vals[@]}"; do
      w=${w:$strip}
      [[ -z $quoted ]] && printf -v w '%q' "$w"
      COMPREPLY+=("$w")
    done
    return 0
  fi
  for w in "${vals[@]}"; do (( ${#w} > width )) && width=${#w}; done
  for i in "${!vals[@]}"; do
    w=${vals[i]:$strip} d=${descs[i]}
    [[ -n $d ]] && printf -v w '%-*s  (%s)' "$(( width - strip ))" "$w" "$d"
    (( ${COLUMNS:-0} > 4 && ${#w} >= COLUMNS )) && w="${w:0:COLUMNS-2}…"
    COMPREPLY+=("$w")
  done
}

complete -F _fieldops fieldops
