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
    '/api') REPLY='api' ;;
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
    'jqc/prune') REPLY='prune' ;;
    'jqc/inspect') REPLY='inspect' ;;
    'jqc/issue') REPLY='issue' ;;
    'jqc/history') REPLY='history' ;;
    'jqc/notifications') REPLY='notifications' ;;
    'jqc/agent') REPLY='agent' ;;
    'jqc facilities/show') REPLY='show' ;;
    'jqc templates/show') REPLY='show' ;;
    'jqc cache/clear') REPLY='clear' ;;
    'jqc inspect/start') REPLY='start' ;;
    'jqc inspect/fill') REPLY='fill' ;;
    'jqc inspect/attach') REPLY='attach' ;;
    'jqc inspect/sign') REPLY='sign' ;;
    'jqc inspect/submit') REPLY='submit' ;;
    'jqc inspect/reopen') REPLY='reopen' ;;
    'jqc inspect/show') REPLY='show' ;;
    'jqc inspect/list') REPLY='list' ;;
    'jqc inspect/delete') REPLY='delete' ;;
    'jqc issue/flag') REPLY='flag' ;;
    'jqc issue/list') REPLY='list' ;;
    'jqc issue/show') REPLY='show' ;;
    'jqc issue/status') REPLY='status' ;;
    'jqc notifications/poll') REPLY='poll' ;;
    'jqc notifications/watch') REPLY='watch' ;;
    'jqc notifications/list') REPLY='list' ;;
    'jqc notifications/read') REPLY='read' ;;
    'jqc agent/install') REPLY='install' ;;
    'jqc agent/uninstall') REPLY='uninstall' ;;
    'mcms/dashboard') REPLY='dashboard' ;;
    'mcms/alarms') REPLY='alarms' ;;
    'mcms/record') REPLY='record' ;;
    'mcms/onu') REPLY='onu' ;;
    'mcms/olt') REPLY='olt' ;;
    'mcms/firmware') REPLY='firmware' ;;
    'mcms/rollout') REPLY='rollout' ;;
    'mcms alarms/history') REPLY='history' ;;
    'mcms alarms/silence') REPLY='silence' ;;
    'mcms alarms/silences') REPLY='silences' ;;
    'mcms alarms/unsilence') REPLY='unsilence' ;;
    'mcms record/install') REPLY='install' ;;
    'mcms record/uninstall') REPLY='uninstall' ;;
    'mcms onu/list') REPLY='list' ;;
    'mcms onu/show') REPLY='show' ;;
    'mcms onu/find') REPLY='find' ;;
    'mcms onu/history') REPLY='history' ;;
    'mcms onu/drift') REPLY='drift' ;;
    'mcms onu/config') REPLY='config' ;;
    'mcms onu/alarms') REPLY='alarms' ;;
    'mcms onu/logs') REPLY='logs' ;;
    'mcms onu/cpe') REPLY='cpe' ;;
    'mcms onu/reset') REPLY='reset' ;;
    'mcms onu/rename') REPLY='rename' ;;
    'mcms onu/enable') REPLY='enable' ;;
    'mcms onu/disable') REPLY='disable' ;;
    'mcms onu/note') REPLY='note' ;;
    'mcms onu/firmware') REPLY='firmware' ;;
    'mcms onu/firmware-bulk') REPLY='firmware-bulk' ;;
    'mcms onu firmware/rollback') REPLY='rollback' ;;
    'mcms onu firmware/activate') REPLY='activate' ;;
    'mcms onu firmware/status') REPLY='status' ;;
    'mcms olt/list') REPLY='list' ;;
    'mcms olt/show') REPLY='show' ;;
    'mcms olt/history') REPLY='history' ;;
    'mcms olt/config') REPLY='config' ;;
    'mcms olt/alarms') REPLY='alarms' ;;
    'mcms olt/logs') REPLY='logs' ;;
    'mcms olt/reset') REPLY='reset' ;;
    'mcms firmware/files') REPLY='files' ;;
    'mcms rollout/status') REPLY='status' ;;
    'interlinedlist/whoami') REPLY='whoami' ;;
    'interlinedlist/sync') REPLY='sync' ;;
    'interlinedlist/feed') REPLY='feed' ;;
    'interlinedlist/post') REPLY='post' ;;
    'interlinedlist/lists') REPLY='lists' ;;
    'interlinedlist/list') REPLY='list' ;;
    'interlinedlist/row') REPLY='row' ;;
    'interlinedlist/folders') REPLY='folders' ;;
    'interlinedlist/folder') REPLY='folder' ;;
    'interlinedlist/doc-folder') REPLY='doc-folder' ;;
    'interlinedlist/docs') REPLY='docs' ;;
    'interlinedlist/doc') REPLY='doc' ;;
    'interlinedlist/follow') REPLY='follow' ;;
    'interlinedlist/unfollow') REPLY='unfollow' ;;
    'interlinedlist/orgs') REPLY='orgs' ;;
    'interlinedlist/notifications') REPLY='notifications' ;;
    'interlinedlist/message') REPLY='message' ;;
    'interlinedlist/reply') REPLY='reply' ;;
    'interlinedlist/dig') REPLY='dig' ;;
    'interlinedlist/undig') REPLY='undig' ;;
    'interlinedlist/scheduled') REPLY='scheduled' ;;
    'interlinedlist/followers') REPLY='followers' ;;
    'interlinedlist/following') REPLY='following' ;;
    'interlinedlist/requests') REPLY='requests' ;;
    'interlinedlist/user') REPLY='user' ;;
    'interlinedlist/org') REPLY='org' ;;
    'interlinedlist list/show') REPLY='show' ;;
    'interlinedlist list/create') REPLY='create' ;;
    'interlinedlist list/edit') REPLY='edit' ;;
    'interlinedlist list/delete') REPLY='delete' ;;
    'interlinedlist list/search') REPLY='search' ;;
    'interlinedlist list/export') REPLY='export' ;;
    'interlinedlist list/schema') REPLY='schema' ;;
    'interlinedlist row/add') REPLY='add' ;;
    'interlinedlist row/edit') REPLY='edit' ;;
    'interlinedlist row/delete') REPLY='delete' ;;
    'interlinedlist row/show') REPLY='show' ;;
    'interlinedlist folder/create') REPLY='create' ;;
    'interlinedlist folder/rename') REPLY='rename' ;;
    'interlinedlist folder/move') REPLY='move' ;;
    'interlinedlist folder/delete') REPLY='delete' ;;
    'interlinedlist doc-folder/create') REPLY='create' ;;
    'interlinedlist doc-folder/rename') REPLY='rename' ;;
    'interlinedlist doc-folder/move') REPLY='move' ;;
    'interlinedlist doc-folder/delete') REPLY='delete' ;;
    'interlinedlist docs/sync') REPLY='sync' ;;
    'interlinedlist doc/create') REPLY='create' ;;
    'interlinedlist doc/move') REPLY='move' ;;
    'interlinedlist doc/show') REPLY='show' ;;
    'interlinedlist doc/edit') REPLY='edit' ;;
    'interlinedlist doc/delete') REPLY='delete' ;;
    'interlinedlist doc/search') REPLY='search' ;;
    'interlinedlist notifications/delete') REPLY='delete' ;;
    'interlinedlist message/show') REPLY='show' ;;
    'interlinedlist message/delete') REPLY='delete' ;;
    'interlinedlist requests/approve') REPLY='approve' ;;
    'interlinedlist requests/reject') REPLY='reject' ;;
    'interlinedlist user/show') REPLY='show' ;;
    'interlinedlist org/show') REPLY='show' ;;
    'interlinedlist org/join') REPLY='join' ;;
    'interlinedlist org/leave') REPLY='leave' ;;
    'interlinedlist org/members') REPLY='members' ;;
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
    'jqc prune/--synced-before') REPLY=v ;;
    'jqc inspect start/--template') REPLY=y ;;
    'jqc inspect start/--facility') REPLY=y ;;
    'jqc inspect start/--area') REPLY=y ;;
    'jqc inspect start/--reinspect') REPLY=y ;;
    'jqc inspect start/--notes') REPLY=v ;;
    'jqc inspect fill/--answers') REPLY=f ;;
    'jqc inspect attach/--field') REPLY=v ;;
    'jqc inspect sign/--field') REPLY=v ;;
    'jqc inspect list/--status') REPLY=c; _fieldops_words=('draft' 'pending' 'synced' 'failed') ;;
    'jqc inspect list/--template') REPLY=y ;;
    'jqc inspect list/--facility') REPLY=y ;;
    'jqc inspect list/--since') REPLY=v ;;
    'jqc issue flag/--inspection') REPLY=y ;;
    'jqc issue flag/--facility') REPLY=y ;;
    'jqc issue flag/--area') REPLY=y ;;
    'jqc issue flag/--severity') REPLY=c; _fieldops_words=('low' 'medium' 'high' 'critical') ;;
    'jqc issue flag/--description') REPLY=v ;;
    'jqc issue flag/--photo') REPLY=f ;;
    'jqc issue list/--status') REPLY=v ;;
    'jqc issue list/--severity') REPLY=c; _fieldops_words=('low' 'medium' 'high' 'critical') ;;
    'jqc issue list/--facility') REPLY=y ;;
    'jqc issue status/--notes') REPLY=v ;;
    'jqc history/--limit') REPLY=v ;;
    'jqc history/--offset') REPLY=v ;;
    'jqc notifications poll/--exec') REPLY=v ;;
    'jqc notifications watch/--interval') REPLY=v ;;
    'jqc notifications watch/--exec') REPLY=v ;;
    'jqc notifications list/--limit') REPLY=v ;;
    'jqc agent/--interval') REPLY=v ;;
    'jqc agent/--exec') REPLY=v ;;
    'mcms dashboard/--chunk-size') REPLY=v ;;
    'mcms dashboard/--interval') REPLY=v ;;
    'mcms dashboard/--until') REPLY=v ;;
    'mcms dashboard/--until-timeout') REPLY=v ;;
    'mcms dashboard/--profiles') REPLY=y ;;
    'mcms dashboard/--max-parallel') REPLY=v ;;
    'mcms alarms/--severity') REPLY=v ;;
    'mcms alarms/--olt') REPLY=y ;;
    'mcms alarms/--kind') REPLY=c; _fieldops_words=('onu' 'olt') ;;
    'mcms alarms/--chunk-size') REPLY=v ;;
    'mcms alarms/--interval') REPLY=v ;;
    'mcms alarms/--until') REPLY=v ;;
    'mcms alarms/--until-timeout') REPLY=v ;;
    'mcms alarms/--profiles') REPLY=y ;;
    'mcms alarms/--max-parallel') REPLY=v ;;
    'mcms alarms history/--since') REPLY=v ;;
    'mcms alarms history/--device') REPLY=y ;;
    'mcms alarms silence/--olt') REPLY=y ;;
    'mcms alarms silence/--alarm') REPLY=v ;;
    'mcms alarms silence/--for') REPLY=v ;;
    'mcms alarms silence/--start-at') REPLY=v ;;
    'mcms alarms silence/--message'|'mcms alarms silence/-m') REPLY=v ;;
    'mcms record/--every') REPLY=v ;;
    'mcms record/--keep') REPLY=v ;;
    'mcms record/--chunk-size') REPLY=v ;;
    'mcms record/--profiles') REPLY=y ;;
    'mcms record/--max-parallel') REPLY=v ;;
    'mcms record install/--every') REPLY=v ;;
    'mcms record install/--keep') REPLY=v ;;
    'mcms record install/--profiles') REPLY=y ;;
    'mcms record uninstall/--profiles') REPLY=y ;;
    'mcms onu list/--olt') REPLY=y ;;
    'mcms onu list/--state') REPLY=c; _fieldops_words=('registered' 'unprovisioned' 'deregistered' 'disabled' 'dying-gasp' 'unknown') ;;
    'mcms onu list/--rx-below') REPLY=v ;;
    'mcms onu list/--fec-uncorrectable-above') REPLY=v ;;
    'mcms onu list/--model') REPLY=v ;;
    'mcms onu list/--firmware') REPLY=v ;;
    'mcms onu list/--name') REPLY=v ;;
    'mcms onu list/--sort') REPLY=c; _fieldops_words=('name' 'rx' 'uptime' 'olt' 'state') ;;
    'mcms onu list/--limit') REPLY=v ;;
    'mcms onu list/--chunk-size') REPLY=v ;;
    'mcms onu list/--interval') REPLY=v ;;
    'mcms onu list/--until') REPLY=v ;;
    'mcms onu list/--until-timeout') REPLY=v ;;
    'mcms onu list/--profiles') REPLY=y ;;
    'mcms onu list/--max-parallel') REPLY=v ;;
    'mcms onu show/--interval') REPLY=v ;;
    'mcms onu show/--until') REPLY=v ;;
    'mcms onu show/--until-timeout') REPLY=v ;;
    'mcms onu show/--sample') REPLY=v ;;
    'mcms onu show/--profiles') REPLY=y ;;
    'mcms onu show/--max-parallel') REPLY=v ;;
    'mcms onu find/--limit') REPLY=v ;;
    'mcms onu find/--profiles') REPLY=y ;;
    'mcms onu find/--max-parallel') REPLY=v ;;
    'mcms onu history/--since') REPLY=v ;;
    'mcms onu history/--until') REPLY=v ;;
    'mcms onu history/--metric') REPLY=v ;;
    'mcms onu drift/--baseline') REPLY=v ;;
    'mcms onu drift/--rx-drop') REPLY=v ;;
    'mcms onu drift/--fec-rise') REPLY=v ;;
    'mcms onu drift/--limit') REPLY=v ;;
    'mcms onu logs/--limit') REPLY=v ;;
    'mcms onu reset/--ids') REPLY=v ;;
    'mcms onu reset/--ids-from') REPLY=f ;;
    'mcms onu reset/--olt') REPLY=y ;;
    'mcms onu reset/--chunk-size') REPLY=v ;;
    'mcms onu reset/--concurrency') REPLY=v ;;
    'mcms onu reset/--report') REPLY=f ;;
    'mcms onu reset/--profiles') REPLY=y ;;
    'mcms onu rename/--profiles') REPLY=y ;;
    'mcms onu enable/--profiles') REPLY=y ;;
    'mcms onu disable/--profiles') REPLY=y ;;
    'mcms onu note/--profiles') REPLY=y ;;
    'mcms onu firmware/--file') REPLY=v ;;
    'mcms onu firmware/--version') REPLY=v ;;
    'mcms onu firmware/--verify-timeout') REPLY=v ;;
    'mcms onu firmware/--verify-poll') REPLY=v ;;
    'mcms onu firmware/--profiles') REPLY=y ;;
    'mcms onu firmware rollback/--verify-timeout') REPLY=v ;;
    'mcms onu firmware rollback/--verify-poll') REPLY=v ;;
    'mcms onu firmware rollback/--profiles') REPLY=y ;;
    'mcms onu firmware activate/--verify-timeout') REPLY=v ;;
    'mcms onu firmware activate/--verify-poll') REPLY=v ;;
    'mcms onu firmware activate/--profiles') REPLY=y ;;
    'mcms onu firmware-bulk/--file') REPLY=v ;;
    'mcms onu firmware-bulk/--version') REPLY=v ;;
    'mcms onu firmware-bulk/--ids') REPLY=v ;;
    'mcms onu firmware-bulk/--ids-from') REPLY=f ;;
    'mcms onu firmware-bulk/--olt') REPLY=y ;;
    'mcms onu firmware-bulk/--chunk-size') REPLY=v ;;
    'mcms onu firmware-bulk/--model') REPLY=v ;;
    'mcms onu firmware-bulk/--state') REPLY=c; _fieldops_words=('registered' 'unprovisioned' 'deregistered' 'disabled' 'dying-gasp' 'unknown') ;;
    'mcms onu firmware-bulk/--canary') REPLY=v ;;
    'mcms onu firmware-bulk/--soak') REPLY=v ;;
    'mcms onu firmware-bulk/--waves') REPLY=v ;;
    'mcms onu firmware-bulk/--max-failures') REPLY=v ;;
    'mcms onu firmware-bulk/--per-olt') REPLY=v ;;
    'mcms onu firmware-bulk/--rate') REPLY=v ;;
    'mcms onu firmware-bulk/--concurrency') REPLY=v ;;
    'mcms onu firmware-bulk/--window') REPLY=v ;;
    'mcms onu firmware-bulk/--window-zone') REPLY=v ;;
    'mcms onu firmware-bulk/--start-at') REPLY=v ;;
    'mcms onu firmware-bulk/--end-at') REPLY=v ;;
    'mcms onu firmware-bulk/--report') REPLY=f ;;
    'mcms onu firmware-bulk/--resume') REPLY=f ;;
    'mcms onu firmware-bulk/--verify-timeout') REPLY=v ;;
    'mcms onu firmware-bulk/--verify-poll') REPLY=v ;;
    'mcms onu firmware-bulk/--profiles') REPLY=y ;;
    'mcms olt list/--chunk-size') REPLY=v ;;
    'mcms olt list/--interval') REPLY=v ;;
    'mcms olt list/--until') REPLY=v ;;
    'mcms olt list/--until-timeout') REPLY=v ;;
    'mcms olt list/--profiles') REPLY=y ;;
    'mcms olt list/--max-parallel') REPLY=v ;;
    'mcms olt show/--interval') REPLY=v ;;
    'mcms olt show/--until') REPLY=v ;;
    'mcms olt show/--until-timeout') REPLY=v ;;
    'mcms olt show/--profiles') REPLY=y ;;
    'mcms olt show/--max-parallel') REPLY=v ;;
    'mcms olt history/--since') REPLY=v ;;
    'mcms olt history/--until') REPLY=v ;;
    'mcms olt history/--metric') REPLY=v ;;
    'mcms olt logs/--limit') REPLY=v ;;
    'mcms olt reset/--profiles') REPLY=y ;;
    'mcms firmware files/--profiles') REPLY=y ;;
    'mcms firmware files/--max-parallel') REPLY=v ;;
    'mcms rollout status/--interval') REPLY=v ;;
    'interlinedlist feed/--limit') REPLY=v ;;
    'interlinedlist feed/--offset') REPLY=v ;;
    'interlinedlist feed/--tag') REPLY=v ;;
    'interlinedlist feed/--search') REPLY=v ;;
    'interlinedlist post/--tag') REPLY=v ;;
    'interlinedlist post/--at') REPLY=v ;;
    'interlinedlist list show/--where') REPLY=v ;;
    'interlinedlist list show/--sort') REPLY=v ;;
    'interlinedlist list show/--limit') REPLY=v ;;
    'interlinedlist list create/--parent') REPLY=y ;;
    'interlinedlist list create/--folder') REPLY=v ;;
    'interlinedlist list create/--description') REPLY=v ;;
    'interlinedlist list create/--schema') REPLY=f ;;
    'interlinedlist list create/--column') REPLY=v ;;
    'interlinedlist list edit/--title') REPLY=v ;;
    'interlinedlist list edit/--description') REPLY=v ;;
    'interlinedlist list edit/--parent') REPLY=y ;;
    'interlinedlist list edit/--folder') REPLY=v ;;
    'interlinedlist list schema/--set') REPLY=f ;;
    'interlinedlist row add/--set') REPLY=v ;;
    'interlinedlist row add/--from') REPLY=f ;;
    'interlinedlist row edit/--set') REPLY=v ;;
    'interlinedlist row edit/--unset') REPLY=v ;;
    'interlinedlist row edit/--from') REPLY=f ;;
    'interlinedlist folder create/--parent') REPLY=v ;;
    'interlinedlist folder move/--parent') REPLY=v ;;
    'interlinedlist doc-folder create/--parent') REPLY=v ;;
    'interlinedlist doc-folder move/--parent') REPLY=v ;;
    'interlinedlist docs/--folder') REPLY=y ;;
    'interlinedlist docs sync/--folder') REPLY=y ;;
    'interlinedlist docs sync/--interval') REPLY=v ;;
    'interlinedlist docs sync/--max-delete') REPLY=v ;;
    'interlinedlist docs sync/--conflict') REPLY=c; _fieldops_words=('merge' 'keep-both') ;;
    'interlinedlist doc create/--title') REPLY=v ;;
    'interlinedlist doc create/--folder') REPLY=y ;;
    'interlinedlist doc create/--file') REPLY=f ;;
    'interlinedlist doc create/--content') REPLY=v ;;
    'interlinedlist doc move/--folder') REPLY=y ;;
    'interlinedlist doc edit/--file') REPLY=f ;;
    'interlinedlist notifications/--read') REPLY=v ;;
    'interlinedlist scheduled/--range') REPLY=c; _fieldops_words=('today' 'week' 'month') ;;
    'api/--method'|'api/-X') REPLY=c; _fieldops_words=('GET' 'HEAD' 'POST' 'PUT' 'PATCH' 'DELETE' 'OPTIONS') ;;
    'api/--raw-field'|'api/-f') REPLY=v ;;
    'api/--field'|'api/-F') REPLY=v ;;
    'api/--header'|'api/-H') REPLY=v ;;
    'api/--input') REPLY=f ;;
    'api/--backend') REPLY=c; _fieldops_words=('jqc' 'mcms' 'interlinedlist') ;;
    *'/--profile'|*'/-p') REPLY=y ;;
    *'/--config') REPLY=f ;;
    *'/--output'|*'/-o') REPLY=c; _fieldops_words=('table' 'json' 'plain' 'csv' 'ndjson') ;;
    *'/--fields') REPLY=v ;;
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
    'jqc inspect sign/0') REPLY=y ;;
    'jqc inspect submit/0') REPLY=y ;;
    'jqc inspect reopen/0') REPLY=y ;;
    'jqc inspect show/0') REPLY=y ;;
    'jqc inspect delete/0') REPLY=y ;;
    'jqc issue show/0') REPLY=y ;;
    'jqc issue status/0') REPLY=y ;;
    'jqc issue status/1') REPLY=c; _fieldops_words=('open' 'in_progress' 'pending_verification' 'resolved') ;;
    'jqc notifications read/'*) REPLY=y ;;
    'mcms alarms silence/0') REPLY=y ;;
    'mcms alarms unsilence/'*) REPLY=v ;;
    'mcms onu show/0') REPLY=y ;;
    'mcms onu find/0') REPLY=y ;;
    'mcms onu history/0') REPLY=y ;;
    'mcms onu config/0') REPLY=y ;;
    'mcms onu alarms/0') REPLY=y ;;
    'mcms onu logs/0') REPLY=y ;;
    'mcms onu cpe/0') REPLY=y ;;
    'mcms onu reset/0') REPLY=y ;;
    'mcms onu rename/0') REPLY=y ;;
    'mcms onu rename/1') REPLY=v ;;
    'mcms onu enable/0') REPLY=y ;;
    'mcms onu disable/0') REPLY=y ;;
    'mcms onu note/0') REPLY=y ;;
    'mcms onu note/1') REPLY=v ;;
    'mcms onu firmware/0') REPLY=y ;;
    'mcms onu firmware rollback/0') REPLY=y ;;
    'mcms onu firmware activate/0') REPLY=y ;;
    'mcms onu firmware status/0') REPLY=y ;;
    'mcms olt show/0') REPLY=y ;;
    'mcms olt history/0') REPLY=y ;;
    'mcms olt config/0') REPLY=y ;;
    'mcms olt alarms/0') REPLY=y ;;
    'mcms olt logs/0') REPLY=y ;;
    'mcms olt reset/0') REPLY=y ;;
    'mcms rollout status/'*) REPLY=f ;;
    'interlinedlist post/0') REPLY=v ;;
    'interlinedlist list show/0') REPLY=y ;;
    'interlinedlist list create/0') REPLY=v ;;
    'interlinedlist list edit/0') REPLY=y ;;
    'interlinedlist list delete/0') REPLY=y ;;
    'interlinedlist list search/0') REPLY=v ;;
    'interlinedlist list export/0') REPLY=y ;;
    'interlinedlist list schema/0') REPLY=y ;;
    'interlinedlist row add/0') REPLY=y ;;
    'interlinedlist row edit/0') REPLY=y ;;
    'interlinedlist row edit/1') REPLY=y ;;
    'interlinedlist row delete/0') REPLY=y ;;
    'interlinedlist row delete/'*) REPLY=y ;;
    'interlinedlist row show/0') REPLY=y ;;
    'interlinedlist row show/1') REPLY=y ;;
    'interlinedlist folder create/0') REPLY=v ;;
    'interlinedlist folder rename/0') REPLY=v ;;
    'interlinedlist folder rename/1') REPLY=v ;;
    'interlinedlist folder move/0') REPLY=v ;;
    'interlinedlist folder delete/0') REPLY=v ;;
    'interlinedlist doc-folder create/0') REPLY=v ;;
    'interlinedlist doc-folder rename/0') REPLY=y ;;
    'interlinedlist doc-folder rename/1') REPLY=v ;;
    'interlinedlist doc-folder move/0') REPLY=y ;;
    'interlinedlist doc-folder delete/0') REPLY=y ;;
    'interlinedlist docs sync/0') REPLY=d ;;
    'interlinedlist doc move/0') REPLY=y ;;
    'interlinedlist doc show/0') REPLY=y ;;
    'interlinedlist doc edit/0') REPLY=y ;;
    'interlinedlist doc delete/0') REPLY=y ;;
    'interlinedlist doc search/0') REPLY=v ;;
    'interlinedlist follow/0') REPLY=v ;;
    'interlinedlist unfollow/0') REPLY=v ;;
    'interlinedlist notifications delete/'*) REPLY=v ;;
    'interlinedlist message show/0') REPLY=v ;;
    'interlinedlist message delete/0') REPLY=v ;;
    'interlinedlist reply/0') REPLY=v ;;
    'interlinedlist reply/1') REPLY=v ;;
    'interlinedlist dig/0') REPLY=v ;;
    'interlinedlist undig/0') REPLY=v ;;
    'interlinedlist followers/0') REPLY=v ;;
    'interlinedlist following/0') REPLY=v ;;
    'interlinedlist requests approve/0') REPLY=v ;;
    'interlinedlist requests reject/0') REPLY=v ;;
    'interlinedlist user show/0') REPLY=v ;;
    'interlinedlist org show/0') REPLY=v ;;
    'interlinedlist org join/0') REPLY=v ;;
    'interlinedlist org leave/0') REPLY=v ;;
    'interlinedlist org members/0') REPLY=v ;;
    'api/0') REPLY=y ;;
    'completion/0') REPLY=c; _fieldops_words=('bash' 'zsh' 'fish') ;;
    *) REPLY= ;;
  esac
}
# Subcommands (_fieldops_cmds) and options (_fieldops_opts) of a command path, as name:description.
_fieldops_names() {
  _fieldops_gopts=('--profile:Use this profile (default: $FIELDOPS_PROFILE, then the backend'\''s default from `profile use`, then its only profile).' '--config:Read configuration from PATH instead of $XDG_CONFIG_HOME/fieldops/config.yaml.' '--json:Print stable JSON on stdout (same as --output json).' '--output:Output format: table (terminal default), plain (tab-separated; default when piped), json, ndjson (one record per line) or csv (RFC 4180, a header row, raw values).' '--fields:Print only these fields of each record, in this order (dotted paths into nested objects); for every output format.' '--wide:On a terminal, show every column of a table whole even when lines wrap (narrow terminals cut long cells with … and hide the columns that cannot fit; piped output is never cut).' '--no-color:Never colour output (also: NO_COLOR=1).' '--quiet:Print only results and errors.' '--verbose:Trace HTTP requests on stderr (secrets redacted).' '--yes:Answer yes to confirmations (required off a terminal for destructive actions).' '--timeout:Time allowed for each HTTP request (e.g. 30s, 2m), overriding the profile.' '--help:Show help for the command.' '--version:Print the version and exit.')
  _fieldops_cmds=() _fieldops_opts=()
  case "$1" in
    '') _fieldops_cmds=('profile:List, show, add, remove and choose profiles.' 'auth:Log in and out, and see where credentials are stored.' 'jqc:JanitorialQC: facility inspections, offline-first.' 'mcms:PON network management: ONUs and OLTs on an MCMS server.' 'interlinedlist:InterlinedList: feed, posts, nested lists and folders, documents, people.' 'api:Send an authenticated request to the profile'\''s service and print the answer.' 'doctor:Check the configuration, keyring, stores, servers and installation in one go.' 'completion:Print the shell completion script for bash, zsh or fish.' 'version:Print the version of fieldops, its commit and the libraries it runs with.') ;;
    'profile') _fieldops_cmds=('list:List the configured profiles.' 'show:Show one profile'\''s settings (the selected one by default).' 'add:Add a profile in its own file under profiles.d/.' 'remove:Remove a profile and its stored credentials (local data is kept).' 'use:Make a profile the default of its backend.') ;;
    'profile add') _fieldops_opts=('--backend:The service: jqc, mcms, interlinedlist, il.' '--base-url:The service'\''s base URL (https://…).' '--username:The account to log in as.' '--http-version:HTTP version: auto, 1.1 or 2.' '--ca-file:Extra CA certificates to trust for this service.' '--http-timeout:Time allowed for each request (e.g. 30s).' '--retries:Retries of failed idempotent requests (0-10).' '--set:A backend-specific profile setting.') ;;
    'auth') _fieldops_cmds=('login:Log in to the selected profile'\''s service and store the credentials.' 'logout:End the session and remove the profile'\''s stored credentials.' 'status:Show which profiles are logged in and where their credentials are stored.' 'token:Print the selected profile'\''s access token (for scripts).') ;;
    'auth login') _fieldops_opts=('--username:The account (default: the profile'\''s username, else a prompt).' '--password-stdin:Read the password from the first line of stdin.' '--with-token:Read an access token from stdin instead of logging in with a password.' '--remember-password:Also store the password in the keyring so an expired session can log in again (MCMS).') ;;
    'jqc') _fieldops_cmds=('sync:Send queued work and refresh reference data, issues and notifications.' 'status:Show what waits to be sent, what failed and when the last sync ran.' 'retry:Re-queue failed items for the next sync, with a fresh retry count.' 'facilities:List the cached facilities (refreshed by `fieldops jqc sync`).' 'templates:List the cached inspection templates.' 'cache:Manage the cached reference data.' 'prune:Remove synced inspections and issues, with their photo copies, from the local store.' 'inspect:Start, fill, attach photos to, submit, reopen, show, list and delete inspections.' 'issue:Flag issues on inspections or facilities, list and show them, change their status.' 'history:List completed inspections from the server, newest first.' 'notifications:Fetch notifications (issue assignments, follow-up requests) and keep them in an inbox.' 'agent:Sync by itself: when the network returns, when work is queued, and periodically.') ;;
    'jqc sync') _fieldops_opts=('--dry-run:List what would be sent and pulled; send and change nothing.' '--concurrency:Uploads and submissions in flight at once (1-8, default 6).' '--wait:How long to wait for another sync of this profile to finish (default 5m).') ;;
    'jqc retry') _fieldops_opts=('--all-failed:Re-queue every failed inspection, issue and photo.') ;;
    'jqc facilities') _fieldops_cmds=('show:Show one facility and its areas.') ;;
    'jqc templates') _fieldops_cmds=('show:Show a template'\''s form fields in grid order (--json: the schema as the server sent it).') ;;
    'jqc cache') _fieldops_cmds=('clear:Delete the cached facilities, areas, templates and history pages (never inspections, issues or photos).') ;;
    'jqc prune') _fieldops_opts=('--synced-before:Remove what was synced before DATE (default: 30 days ago).' '--dry-run:Only list what would be removed.') ;;
    'jqc inspect') _fieldops_cmds=('start:Start a draft inspection and print its local id.' 'fill:Answer a draft'\''s fields: a full-screen form on a terminal, line prompts, or an answers file.' 'attach:Attach a photo (JPEG or PNG, at most 50 MB) to an image or signature field of a draft.' 'sign:Draw a signature with the mouse or trackpad into a draft'\''s signature field.' 'submit:Complete a draft: check required fields, compute the score, queue it for sync.' 'reopen:Take a submitted inspection that is not on the server yet back to draft.' 'show:Show an inspection as a card: answers, score, status, issues and photos.' 'list:List local inspections, newest first, with their status (Draft, Pending Sync, Completed, Sync Failed).' 'delete:Delete a draft with its photos and issues (drafts only; asks first; --yes off a terminal).') ;;
    'jqc inspect start') _fieldops_opts=('--template:The template to inspect with.' '--facility:The facility inspected.' '--area:The area inspected (optional).' '--reinspect:Re-inspect the inspection ID (local or server id) that requires a follow-up.' '--notes:Free-text notes sent with the inspection.') ;;
    'jqc inspect fill') _fieldops_opts=('--answers:Answers file (JSON or YAML), or - for stdin.' '--line:One prompt per field instead of the full-screen form (for screen readers, scripts, dumb terminals).') ;;
    'jqc inspect attach') _fieldops_opts=('--field:The image or signature field: the number the form shows, a label, or id:ID.') ;;
    'jqc inspect sign') _fieldops_opts=('--field:The signature (or image) field: the number the form shows, a label, or id:ID.') ;;
    'jqc inspect submit') _fieldops_opts=('--sync:Sync right away after submitting.') ;;
    'jqc inspect list') _fieldops_opts=('--status:Only drafts, pending, synced or failed inspections.' '--template:Only inspections with this template.' '--facility:Only inspections at this facility.' '--since:Only inspections started at or after DATE (UTC day or time).') ;;
    'jqc issue') _fieldops_cmds=('flag:Flag an issue on an inspection, or on a facility without one; sent by the next sync.' 'list:List local issues: flagged on this device and pulled from the server (assigned to or reported by you).' 'show:Show one issue with its photos (local copies and server URLs).' 'status:Change an issue'\''s status: on the server at once, or queued for the next sync when offline.') ;;
    'jqc issue flag') _fieldops_opts=('--inspection:The inspection the issue was found in.' '--facility:The facility, for an issue without an inspection.' '--area:The facility'\''s area (with --facility).' '--severity:How serious it is.' '--description:What is wrong.' '--photo:A JPEG or PNG photo of it (copied into the store).') ;;
    'jqc issue list') _fieldops_opts=('--status:Only issues with this status, as the server reports it: open, in_progress, pending_verification, resolved, or any other the server uses (any case).' '--severity:Only issues of this severity.' '--facility:Only issues at this facility.' '--mine:Only issues assigned to you.') ;;
    'jqc issue status') _fieldops_opts=('--notes:Notes on the resolution.') ;;
    'jqc history') _fieldops_opts=('--limit:Inspections per page (1-100, default 30).' '--offset:Skip the first N (0 or more, default 0).' '--all:Fetch every page.') ;;
    'jqc notifications') _fieldops_cmds=('poll:Fetch new notifications once, print them and mark them read.' 'watch:Keep fetching notifications and print each one as it arrives (Ctrl-C stops).' 'list:List the notifications fetched so far, newest first, unread ones marked.' 'read:Mark notifications read in the local inbox.') ;;
    'jqc notifications poll') _fieldops_opts=('--exec:Run CMD (with /bin/sh) for each notification; FIELDOPS_NOTIFICATION_ID, _TYPE, _TITLE, _BODY, _LINK, _CREATED_AT, _ISSUE_ID, _INSPECTION_ID and _JSON are set.') ;;
    'jqc notifications watch') _fieldops_opts=('--interval:Time between fetches (default 60s, at least 1s).' '--exec:Run CMD (with /bin/sh) for each notification; FIELDOPS_NOTIFICATION_ID, _TYPE, _TITLE, _BODY, _LINK, _CREATED_AT, _ISSUE_ID, _INSPECTION_ID and _JSON are set.') ;;
    'jqc notifications list') _fieldops_opts=('--unread:Only notifications not marked read.' '--limit:At most N notifications (at least 1, default 50).') ;;
    'jqc notifications read') _fieldops_opts=('--all:Mark every unread notification read.') ;;
    'jqc agent') _fieldops_cmds=('install:Run the agent as a systemd user service for the profile (no root).' 'uninstall:Stop and disable the profile'\''s agent service (the unit file goes with the last instance).'); _fieldops_opts=('--interval:Sync at least this often (default 5m, at least 10s).' '--notify:Show each new notification on the desktop (notify-send).' '--exec:Run CMD through /bin/sh for each new notification, its fields in FIELDOPS_NOTIFICATION_* variables.') ;;
    'mcms') _fieldops_cmds=('dashboard:ONU and OLT counts, registration breakdown, total traffic and health (every ONU'\''s and OLT'\''s alarms).' 'alarms:Every active alarm of every ONU and OLT, most severe and newest first.' 'record:Sample every ONU and OLT into the profile'\''s local history, every 5 minutes or once.' 'onu:ONUs: list, detail, config changes, reset and firmware.' 'olt:OLTs: list, detail, alarms, logs, config and reset.' 'firmware:The server'\''s ONU firmware images.' 'rollout:Staged firmware rollouts (firmware-bulk) read from their reports.') ;;
    'mcms dashboard') _fieldops_opts=('--chunk-size:Read collections N documents per request (default 500, or the profile'\''s chunk_size) (2-1000).' '--watch:Refresh until q or Ctrl-C: full screen with changes highlighted on a terminal, one JSON object per refresh (NDJSON) when piped.' '--interval:Time between refreshes while watching (default 2s, at least 1s).' '--until:Watch until CONDITION holds, then exit 0: a state (registered, !registered) or a threshold on a reading ('\''rx>-25'\'', '\''alarms==0'\'').' '--until-timeout:With --until: give up after DURATION and exit 1 (default: wait as long as it takes).' '--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).' '--max-parallel:With --profiles or --all-profiles: ask at most N appliances at a time (default 8) (1-64).') ;;
    'mcms alarms') _fieldops_cmds=('history:Each alarm'\''s raise and clear times as recorded (mcms record), and for how long it was active.' 'silence:Mark matching alarms as known: who is on it, why, until when (listed apart, never notified).' 'silences:The alarm silences in force: what, who, why, until when.' 'unsilence:End alarm silences early.'); _fieldops_opts=('--severity:Only these severities: critical, major, minor, warning, info (comma-separated or repeated).' '--olt:Only this OLT (MAC, name or part of a name) and its ONUs.' '--kind:Only ONU or only OLT alarms.' '--chunk-size:Read collections N documents per request (default 500, or the profile'\''s chunk_size) (2-1000).' '--watch:Refresh until q or Ctrl-C: full screen with changes highlighted on a terminal, one JSON object per refresh (NDJSON) when piped.' '--interval:Time between refreshes while watching (default 2s, at least 1s).' '--until:Watch until CONDITION holds, then exit 0: a state (registered, !registered) or a threshold on a reading ('\''rx>-25'\'', '\''alarms==0'\'').' '--until-timeout:With --until: give up after DURATION and exit 1 (default: wait as long as it takes).' '--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).' '--max-parallel:With --profiles or --all-profiles: ask at most N appliances at a time (default 8) (1-64).') ;;
    'mcms alarms history') _fieldops_opts=('--since:Alarms active since: 24h, 7d, 2026-06-01 or 2026-06-01T08:00 (default 7d).' '--device:Only this ONU id or OLT MAC.') ;;
    'mcms alarms silence') _fieldops_opts=('--olt:The OLT and every ONU under it.' '--alarm:Only alarms of this name (any case).' '--for:How long (default 2h, at most a year).' '--start-at:Start later: a time (2026-06-01T22:00) or a day.' '--message:Why: who is on it, the ticket (required).') ;;
    'mcms alarms silences') _fieldops_opts=('--all:Also the silences that ended or have not started.') ;;
    'mcms record') _fieldops_cmds=('install:Record in the background: a systemd user timer per profile runs record --once every 5 minutes.' 'uninstall:Stop the background recorder of the profile and remove its timer and service (the history stays).'); _fieldops_opts=('--every:Sample at every multiple of DURATION (default 5m, at least 10s).' '--once:Take one sample and exit (what a timer runs).' '--keep:Drop history older than DURATION (default 90d); hourly averages after 7 days.' '--chunk-size:Read collections N documents per request (default 500, or the profile'\''s chunk_size) (2-1000).' '--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).' '--max-parallel:With --profiles or --all-profiles: ask at most N appliances at a time (default 8) (1-64).') ;;
    'mcms record install') _fieldops_opts=('--every:Sample at every multiple of DURATION (default 5m).' '--keep:Drop history older than DURATION (default 90d).' '--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).') ;;
    'mcms record uninstall') _fieldops_opts=('--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).') ;;
    'mcms onu') _fieldops_cmds=('list:Every ONU with its name, OLT, registration, firmware, uptime and RX level; filtered and sorted.' 'show:Overview: status, firmware banks, optical, FEC and BIP, transceiver, UNI ports, traffic, alarms.' 'find:Which appliance, OLT and port an ONU is on: by id, serial, MAC or part of its name, across every MCMS profile.' 'history:The ONU'\''s recorded history (mcms record): a sparkline per metric, or one record per sample.' 'drift:ONUs whose RX level fell (or FEC errors rose) against their own recorded baseline, grouped by OLT port.' 'config:The raw configuration document (pretty JSON; --json prints it compact and exact).' 'alarms:The ONU'\''s active alarms.' 'logs:The ONU'\''s log, newest first.' 'cpe:DHCP leases of the customer equipment behind the ONU.' 'reset:Reboot one ONU, or many with --ids, --ids-from or --olt (type the id or the count to confirm; --yes off a terminal).' 'rename:Set the ONU'\''s friendly name (ONU.Name); the rest of the config is sent back unchanged (asks first; --yes off a terminal).' 'enable:Put the ONU back in service (ONU.Enable true; asks first; --yes off a terminal).' 'disable:Take the ONU out of service (ONU.Enable false): the customer goes offline; type the id to confirm (--yes off a terminal).' 'note:Set the ONU'\''s note (ONU."Custom Note"), or remove it with --clear; asks nothing (a note changes no service).' 'firmware:Install firmware into the inactive bank, activate it and verify the ONU came back on it (Procedure 7; type the id to confirm; --yes off a terminal).' 'firmware-bulk:Procedure 7 for many ONUs as a staged rollout: canary, waves, failure limit, per-OLT caps, verified, resumable (type the count to confirm; --yes off a terminal).') ;;
    'mcms onu list') _fieldops_opts=('--olt:Only ONUs of this OLT (MAC, name or part of a name).' '--state:Only ONUs in this registration state.' '--rx-below:Only ONUs whose RX optical level is below DBM (e.g. -25).' '--fec-uncorrectable-above:Only ONUs with more than N uncorrectable FEC errors (0 or more).' '--model:Only this ONU model (e.g. AP-G2110).' '--firmware:Only ONUs running this firmware version (active bank).' '--name:Only ONUs whose name contains TEXT, or matches GLOB (*, ?, [...]); case ignored.' '--with-alarms:Only ONUs with at least one active alarm.' '--sort:Order by name, rx, uptime, olt or state.' '--limit:At most N ONUs (after sorting) (at least 1).' '--chunk-size:Read collections N documents per request (default 500, or the profile'\''s chunk_size) (2-1000).' '--watch:Refresh until q or Ctrl-C: full screen with changes highlighted on a terminal, one JSON object per refresh (NDJSON) when piped.' '--interval:Time between refreshes while watching (default 2s, at least 1s).' '--until:Watch until CONDITION holds, then exit 0: a state (registered, !registered) or a threshold on a reading ('\''rx>-25'\'', '\''alarms==0'\'').' '--until-timeout:With --until: give up after DURATION and exit 1 (default: wait as long as it takes).' '--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).' '--max-parallel:With --profiles or --all-profiles: ask at most N appliances at a time (default 8) (1-64).') ;;
    'mcms onu show') _fieldops_opts=('--watch:Refresh until q or Ctrl-C: full screen with changes highlighted on a terminal, one JSON object per refresh (NDJSON) when piped.' '--interval:Time between refreshes while watching (default 2s, at least 1s).' '--until:Watch until CONDITION holds, then exit 0: a state (registered, !registered) or a threshold on a reading ('\''rx>-25'\'', '\''alarms==0'\'').' '--until-timeout:With --until: give up after DURATION and exit 1 (default: wait as long as it takes).' '--sample:Sample every --interval for DURATION, then print the trends.' '--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).' '--max-parallel:With --profiles or --all-profiles: ask at most N appliances at a time (default 8) (1-64).') ;;
    'mcms onu find') _fieldops_opts=('--cached:Answer from the local caches only (as old as each profile'\''s last onu list).' '--limit:At most N matches per appliance are confirmed (default 50) (at least 1).' '--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).' '--max-parallel:Ask at most N appliances at a time (default 32) (1-64).') ;;
    'mcms onu history') _fieldops_opts=('--since:From this time: 24h, 7d, 2026-06-01 or 2026-06-01T08:00 (default 24h).' '--until:Up to this time (default now).' '--metric:Only these: rx, tx, fec, bip, traffic, state (default all).') ;;
    'mcms onu drift') _fieldops_opts=('--baseline:The baseline window before now (default 7d).' '--rx-drop:Drop in dB that counts as drift (default 2).' '--fec-rise:Also flag FEC corrected errors growing N/h faster than the baseline (at least 1).' '--limit:At most N ONUs in the table (groups count them all) (at least 1).') ;;
    'mcms onu logs') _fieldops_opts=('--limit:At most N entries (at least 1, default 50).') ;;
    'mcms onu reset') _fieldops_opts=('--ids:Comma-separated ONU ids.' '--ids-from:A file with one ONU id per line (- for stdin).' '--olt:Every ONU of this OLT (MAC, name or part of a name).' '--chunk-size:Read collections N documents per request (default 500, or the profile'\''s chunk_size) (2-1000).' '--concurrency:ONUs in flight at once (1-256, default 8).' '--report:Append one JSON line per ONU here.' '--profiles:Find the targets on these profiles'\'' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.' '--all-profiles:As --profiles, over every MCMS profile.') ;;
    'mcms onu rename') _fieldops_opts=('--dry-run:Print the exact document change and send nothing.' '--profiles:Find the targets on these profiles'\'' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.' '--all-profiles:As --profiles, over every MCMS profile.') ;;
    'mcms onu enable') _fieldops_opts=('--dry-run:Print the exact document change and send nothing.' '--profiles:Find the targets on these profiles'\'' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.' '--all-profiles:As --profiles, over every MCMS profile.') ;;
    'mcms onu disable') _fieldops_opts=('--dry-run:Print the exact document change and send nothing.' '--profiles:Find the targets on these profiles'\'' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.' '--all-profiles:As --profiles, over every MCMS profile.') ;;
    'mcms onu note') _fieldops_opts=('--clear:Remove the note (sets it to null).' '--dry-run:Print the exact document change and send nothing.' '--profiles:Find the targets on these profiles'\'' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.' '--all-profiles:As --profiles, over every MCMS profile.') ;;
    'mcms onu firmware') _fieldops_cmds=('rollback:Point the ONU back at its other bank (the previous image) and verify it boots it; type the id to confirm (--yes off a terminal).' 'activate:Boot a bank staged earlier (--stage-only): move the pointer to it and verify; type the id to confirm (--yes off a terminal).' 'status:Both firmware banks, the pointer in the config and in the ONU'\''s state, registration and upgrade progress.'); _fieldops_opts=('--file:The firmware file name as the server lists it (fieldops mcms firmware files).' '--version:The version of that file (default: what the server lists for it).' '--stage-only:Write the inactive bank but keep running the active one (nothing to verify).' '--dry-run:Print the exact document change and send nothing.' '--verify-timeout:How long an ONU may take to boot the new bank and register again (default 10m).' '--verify-poll:Each ONU being verified costs at most one state request per DURATION (default 5s, at least 1s); all of them are read in one list request.' '--no-verify:Write and return; do not wait for the ONU to come back on the new bank.' '--profiles:Find the targets on these profiles'\'' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.' '--all-profiles:As --profiles, over every MCMS profile.') ;;
    'mcms onu firmware rollback') _fieldops_opts=('--dry-run:Print the exact document change and send nothing.' '--verify-timeout:How long an ONU may take to boot the new bank and register again (default 10m).' '--verify-poll:Each ONU being verified costs at most one state request per DURATION (default 5s, at least 1s); all of them are read in one list request.' '--no-verify:Write and return; do not wait for the ONU to come back on the new bank.' '--profiles:Find the targets on these profiles'\'' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.' '--all-profiles:As --profiles, over every MCMS profile.') ;;
    'mcms onu firmware activate') _fieldops_opts=('--dry-run:Print the exact document change and send nothing.' '--verify-timeout:How long an ONU may take to boot the new bank and register again (default 10m).' '--verify-poll:Each ONU being verified costs at most one state request per DURATION (default 5s, at least 1s); all of them are read in one list request.' '--no-verify:Write and return; do not wait for the ONU to come back on the new bank.' '--profiles:Find the targets on these profiles'\'' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.' '--all-profiles:As --profiles, over every MCMS profile.') ;;
    'mcms onu firmware-bulk') _fieldops_opts=('--file:The firmware file name as the server lists it (fieldops mcms firmware files).' '--version:The version of that file (default: what the server lists for it).' '--ids:Comma-separated ONU ids.' '--ids-from:A file with one ONU id per line (- for stdin).' '--olt:Every ONU of this OLT (MAC, name or part of a name).' '--chunk-size:Read collections N documents per request (default 500, or the profile'\''s chunk_size) (2-1000).' '--model:Only ONUs of this model (repeatable or comma-separated).' '--state:Only ONUs in this registration state (default registered; repeatable).' '--canary:Upgrade and verify N ONUs first, then confirm (or --soak) before the rest (at least 1).' '--soak:After the canary verified, wait DURATION instead of asking; go on when nothing failed.' '--waves:Cumulative shares of the ONUs to upgrade, one wave each (e.g. 1%,10%,50%,100%).' '--max-failures:Halt when this many ONUs (or this share of them) failed.' '--per-olt:At most N ONUs of one OLT upgrading at once (1-1024).' '--rate:At most N ONUs started per minute.' '--concurrency:ONUs in flight at once (1-256, default 8).' '--window:Start ONUs only in this maintenance window ('\''Mon-Fri 01:00-05:00'\'', '\''daily 22:00-02:00'\''); repeatable.' '--window-zone:The windows'\'' time zone (IANA, e.g. Europe/Oslo; default the machine'\''s).' '--start-at:Start no ONU before this time (2026-06-02T01:00, local unless it has a zone).' '--end-at:Start no ONU after this time; the rest are not started (resumable).' '--rollback-failed:Roll back each ONU that fell back or did not come back, where its other bank allows; verified.' '--stage-only:Write the inactive banks but do not activate them.' '--dry-run:Print the plan, the waves and a summary line; send nothing.' '--report:Append the rollout'\''s JSON lines here.' '--resume:Continue the rollout whose report this is (appends to it).' '--verify-timeout:How long an ONU may take to boot the new bank and register again (default 10m).' '--verify-poll:Each ONU being verified costs at most one state request per DURATION (default 5s, at least 1s); all of them are read in one list request.' '--no-verify:Write and return; do not wait for the ONU to come back on the new bank.' '--profiles:Find the targets on these profiles'\'' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.' '--all-profiles:As --profiles, over every MCMS profile.') ;;
    'mcms olt') _fieldops_cmds=('list:Every OLT with ONU counts per registration state, traffic, temperature and uptime.' 'show:Status, uptime, traffic, environment, uplink and registration buckets with ONU names.' 'history:The OLT'\''s recorded history (mcms record): a sparkline per metric, or one record per sample.' 'config:The raw configuration document (pretty JSON; --json prints it compact and exact).' 'alarms:The OLT'\''s active alarms.' 'logs:The OLT'\''s log, newest first.' 'reset:Reboot the OLT (asks you to type its MAC; --yes off a terminal).') ;;
    'mcms olt list') _fieldops_opts=('--chunk-size:Read collections N documents per request (default 500, or the profile'\''s chunk_size) (2-1000).' '--watch:Refresh until q or Ctrl-C: full screen with changes highlighted on a terminal, one JSON object per refresh (NDJSON) when piped.' '--interval:Time between refreshes while watching (default 2s, at least 1s).' '--until:Watch until CONDITION holds, then exit 0: a state (registered, !registered) or a threshold on a reading ('\''rx>-25'\'', '\''alarms==0'\'').' '--until-timeout:With --until: give up after DURATION and exit 1 (default: wait as long as it takes).' '--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).' '--max-parallel:With --profiles or --all-profiles: ask at most N appliances at a time (default 8) (1-64).') ;;
    'mcms olt show') _fieldops_opts=('--watch:Refresh until q or Ctrl-C: full screen with changes highlighted on a terminal, one JSON object per refresh (NDJSON) when piped.' '--interval:Time between refreshes while watching (default 2s, at least 1s).' '--until:Watch until CONDITION holds, then exit 0: a state (registered, !registered) or a threshold on a reading ('\''rx>-25'\'', '\''alarms==0'\'').' '--until-timeout:With --until: give up after DURATION and exit 1 (default: wait as long as it takes).' '--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).' '--max-parallel:With --profiles or --all-profiles: ask at most N appliances at a time (default 8) (1-64).') ;;
    'mcms olt history') _fieldops_opts=('--since:From this time: 24h, 7d, 2026-06-01 or 2026-06-01T08:00 (default 24h).' '--until:Up to this time (default now).' '--metric:Only these: traffic, temperature, state (default all).') ;;
    'mcms olt logs') _fieldops_opts=('--limit:At most N entries (at least 1, default 50).') ;;
    'mcms olt reset') _fieldops_opts=('--profiles:Find the targets on these profiles'\'' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.' '--all-profiles:As --profiles, over every MCMS profile.') ;;
    'mcms firmware') _fieldops_cmds=('files:Every ONU firmware file the server offers, with its version and the models it supports.') ;;
    'mcms firmware files') _fieldops_opts=('--profiles:Ask these profiles'\'' appliances at once and merge their output (a PROFILE column): names, globs ('\''site-*'\'') or @SET of profile_sets, comma-separated or repeated.' '--all-profiles:Ask every MCMS profile'\''s appliance at once (as --profiles).' '--max-parallel:With --profiles or --all-profiles: ask at most N appliances at a time (default 8) (1-64).') ;;
    'mcms rollout') _fieldops_cmds=('status:Per wave: done, failed, in flight and not started; --watch follows a rollout while it writes the report.') ;;
    'mcms rollout status') _fieldops_opts=('--watch:Follow the reports until every rollout finishes.' '--interval:How often to read the reports while watching (default 2s).') ;;
    'interlinedlist') _fieldops_cmds=('whoami:Show the signed-in user (the stored identity when offline).' 'sync:Fill the offline mirror: lists, folders, rows, schemas, documents and the feed.' 'feed:Show the feed, newest first, as cards (--json: the server'\''s JSON).' 'post:Post a message (TEXT - reads it from stdin).' 'lists:Show your lists, flat or as a tree with their folders.' 'list:Show, create, edit, delete, search or export lists; show or change their columns.' 'row:Add, edit, delete or show the rows of a list.' 'folders:Show your list folders.' 'folder:Create, rename, move or delete list folders.' 'doc-folder:Create, rename, move or delete document folders.' 'docs:Show the documents (and subfolders) at the root or in a folder.' 'doc:Create, edit, move, delete, search or show documents.' 'follow:Follow a user by username or id (a private account gets a request).' 'unfollow:Stop following a user, or cancel a pending request.' 'orgs:Show your organizations and your role in each.' 'notifications:Show unread notifications; mark them read; delete them.' 'message:Show a post with its replies, or delete it.' 'reply:Reply to a post (TEXT - reads stdin).' 'dig:Dig a post (cookie-only route).' 'undig:Take back a dig.' 'scheduled:Your scheduled posts, soonest first.' 'followers:Who follows a user (pending requests included).' 'following:Whom a user follows.' 'requests:Follow requests to you; approve or reject them.' 'user:Show a user'\''s public lists and documents.' 'org:Show, join or leave an organization; list its members (cookie-only routes).') ;;
    'interlinedlist feed') _fieldops_opts=('--limit:Messages per page (at least 1, default 20).' '--offset:Skip the first N messages (0 or more, default 0).' '--mine:Only your own messages.' '--tag:Only messages with this tag.' '--search:Only messages whose text contains TEXT (the server'\''s search).' '--all:Follow the pages to the end.' '--refresh:Ask the server (every read does; kept for scripts). The mirror is still shown when offline.' '--no-cache:Ask the server and never show the offline mirror: offline is exit 4.') ;;
    'interlinedlist post') _fieldops_opts=('--tag:Add a tag (repeatable).' '--private:Visible only to you and your followers.' '--at:Schedule it: ISO 8601, '\''YYYY-MM-DD HH:MM'\'' (UTC), or +30m/+2h/+1d.') ;;
    'interlinedlist lists') _fieldops_opts=('--tree:Folders and nested lists as a tree.' '--refresh:Ask the server (every read does; kept for scripts). The mirror is still shown when offline.' '--no-cache:Ask the server and never show the offline mirror: offline is exit 4.') ;;
    'interlinedlist list') _fieldops_cmds=('show:Show a list: its facts, columns, sublists and rows.' 'create:Create a list, with columns from --schema FILE or --column specs.' 'edit:Change a list'\''s title, description, visibility, parent or folder.' 'delete:Delete a list and its rows for good (its sublists move to the root; type its id to confirm; --yes off a terminal).' 'search:Find your lists by title or description.' 'export:Write a list'\''s rows as CSV (RFC 4180), or the server'\''s rows with -o json|ndjson.' 'schema:Show a list'\''s columns, or change them with --set FILE (asks first; --yes off a terminal).') ;;
    'interlinedlist list show') _fieldops_opts=('--where:Only rows whose KEY equals VALUE (repeatable; all must match).' '--sort:Sort the rows by a column (numbers by value, dates by time).' '--desc:Sort in descending order.' '--limit:Show at most N rows (0 or more).' '--refresh:Ask the server (every read does; kept for scripts). The mirror is still shown when offline.' '--no-cache:Ask the server and never show the offline mirror: offline is exit 4.') ;;
    'interlinedlist list create') _fieldops_opts=('--parent:The parent list.' '--folder:The list folder to file it in.' '--description:A description.' '--public:Visible to everyone.' '--schema:The columns, as the server'\''s DSL object in YAML or JSON.' '--column:A column (repeatable); select options as TYPE=a|b|c.') ;;
    'interlinedlist list edit') _fieldops_opts=('--title:The new title.' '--description:The new description ("" clears it).' '--public:Make it public.' '--private:Make it private.' '--parent:Move it under another list, or to the root.' '--folder:File it in a folder, or at the root.') ;;
    'interlinedlist list schema') _fieldops_opts=('--set:The new schema (YAML or JSON DSL object).' '--force:Remove columns even when rows hold data in them.') ;;
    'interlinedlist row') _fieldops_cmds=('add:Add a row (--set), or many from a CSV or JSON-lines file (--from).' 'edit:Change cells of a row, keeping the others (read, merge, write); or many rows from a file (--from).' 'delete:Delete rows (asks first; --yes off a terminal).' 'show:Show one row, a line per column.') ;;
    'interlinedlist row add') _fieldops_opts=('--set:A cell, typed by its column (repeatable).' '--from:A CSV file with a header row, or JSON lines (- for stdin).') ;;
    'interlinedlist row edit') _fieldops_opts=('--set:A cell, typed by its column (repeatable).' '--unset:Remove a cell (repeatable).' '--from:Replace the rows a CSV or JSON-lines file names by id (as il list export writes it; - for stdin).') ;;
    'interlinedlist folders') _fieldops_opts=('--refresh:Ask the server (every read does; kept for scripts). The mirror is still shown when offline.' '--no-cache:Ask the server and never show the offline mirror: offline is exit 4.') ;;
    'interlinedlist folder') _fieldops_cmds=('create:Create a folder, at the root or under --parent.' 'rename:Rename a folder.' 'move:Move a folder under another, or to the root.' 'delete:Delete a folder; its lists move to the root (asks first; --yes off a terminal).') ;;
    'interlinedlist folder create') _fieldops_opts=('--parent:The parent folder (default: the root).') ;;
    'interlinedlist folder move') _fieldops_opts=('--parent:The new parent folder, or root.') ;;
    'interlinedlist doc-folder') _fieldops_cmds=('create:Create a folder, at the root or under --parent.' 'rename:Rename a folder.' 'move:Move a folder under another, or to the root.' 'delete:Delete a folder and the documents in it (type its id to confirm; --yes off a terminal).') ;;
    'interlinedlist doc-folder create') _fieldops_opts=('--parent:The parent folder (default: the root).') ;;
    'interlinedlist doc-folder move') _fieldops_opts=('--parent:The new parent folder, or root.') ;;
    'interlinedlist docs') _fieldops_cmds=('sync:Keep a directory of markdown files in two-way sync with the documents.'); _fieldops_opts=('--folder:A document folder (default: the root).' '--refresh:Ask the server (every read does; kept for scripts). The mirror is still shown when offline.' '--no-cache:Ask the server and never show the offline mirror: offline is exit 4.') ;;
    'interlinedlist docs sync') _fieldops_opts=('--folder:The document folder the directory mirrors (default: root, every document).' '--dry-run:Print what would happen on each side and change nothing.' '--watch:Keep syncing: on every local change, and every --interval on the server, until Ctrl-C.' '--interval:With --watch: how often to poll the server (default 60s, at least 30s).' '--max-delete:Refuse when a run would delete more than this share of the synced files on either side (default 50).' '--conflict:Overlapping edits: merge (conflict markers in the file, the default) or keep-both (the server'\''s copy plus NAME.conflict-TIME.md).') ;;
    'interlinedlist doc') _fieldops_cmds=('create:Create a markdown document at the root or in a folder.' 'move:Move a document to a folder, or to the root.' 'show:Show a document'\''s markdown.' 'edit:Replace a document'\''s markdown: $VISUAL/$EDITOR, --file PATH, or --file - (stdin).' 'delete:Delete a document (asks first; --yes off a terminal).' 'search:Find documents by title or content.') ;;
    'interlinedlist doc create') _fieldops_opts=('--title:The document'\''s title.' '--folder:The folder to create it in.' '--file:Read the content from a file (- for stdin).' '--content:The content, inline.') ;;
    'interlinedlist doc move') _fieldops_opts=('--folder:The target folder, or root.') ;;
    'interlinedlist doc show') _fieldops_opts=('--raw:Only the markdown, exactly as stored.') ;;
    'interlinedlist doc edit') _fieldops_opts=('--file:The new markdown (- for stdin) instead of an editor.') ;;
    'interlinedlist notifications') _fieldops_cmds=('delete:Delete notifications.'); _fieldops_opts=('--read:Mark a notification read (repeatable).' '--read-all:Mark every notification read.') ;;
    'interlinedlist message') _fieldops_cmds=('show:Show a post and its replies as a thread (replies need the session cookie).' 'delete:Delete a post for good, with every reply under it (asks first; --yes off a terminal).') ;;
    'interlinedlist scheduled') _fieldops_opts=('--range:How far ahead (default month).') ;;
    'interlinedlist requests') _fieldops_cmds=('approve:Approve a follow request.' 'reject:Reject a follow request.') ;;
    'interlinedlist user') _fieldops_cmds=('show:A user'\''s public lists and documents.') ;;
    'interlinedlist org') _fieldops_cmds=('show:An organization'\''s facts and your role.' 'join:Join a public organization.' 'leave:Leave an organization (asks first; --yes off a terminal).' 'members:The members and their roles (members only).') ;;
    'api') _fieldops_opts=('--method:The HTTP method (default GET, or POST with fields or --input).' '--raw-field:A string parameter.' '--field:A typed parameter: true, false, null, a number, @FILE or @- (stdin).' '--header:An extra request header.' '--input:Send FILE (- for stdin) as the request body.' '--backend:Use this backend'\''s profile (its default, or its only one) when --profile is not given.' '--include:Print the status line and the response headers before the body.' '--paginate:Fetch every page of a collection.' '--slurp:With --paginate, print one JSON array of all pages'\'' items.' '--silent:Print no response body.') ;;
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
