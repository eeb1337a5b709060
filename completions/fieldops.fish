# fish completion for fieldops: generated from its command tree by
# `fieldops completion fish`; do not edit.

# Prints the name of a command word (name or alias) under a command path.
function __fieldops_sub --argument-names path word
    switch "$path/$word"
        case '/profile' '/profiles'
            echo 'profile'
        case '/auth'
            echo 'auth'
        case '/jqc'
            echo 'jqc'
        case '/mcms'
            echo 'mcms'
        case '/interlinedlist' '/il'
            echo 'interlinedlist'
        case '/doctor'
            echo 'doctor'
        case '/completion'
            echo 'completion'
        case '/version'
            echo 'version'
        case 'profile/list' 'profile/ls'
            echo 'list'
        case 'profile/show'
            echo 'show'
        case 'profile/add'
            echo 'add'
        case 'profile/remove' 'profile/rm'
            echo 'remove'
        case 'profile/use'
            echo 'use'
        case 'auth/login'
            echo 'login'
        case 'auth/logout'
            echo 'logout'
        case 'auth/status'
            echo 'status'
        case 'auth/token'
            echo 'token'
        case 'jqc/sync'
            echo 'sync'
        case 'jqc/status'
            echo 'status'
        case 'jqc/retry'
            echo 'retry'
        case 'jqc/facilities'
            echo 'facilities'
        case 'jqc/templates'
            echo 'templates'
        case 'jqc/cache'
            echo 'cache'
        case 'jqc/inspect'
            echo 'inspect'
        case 'jqc/issue'
            echo 'issue'
        case 'jqc/history'
            echo 'history'
        case 'jqc/notifications'
            echo 'notifications'
        case 'jqc facilities/show'
            echo 'show'
        case 'jqc templates/show'
            echo 'show'
        case 'jqc cache/clear'
            echo 'clear'
        case 'jqc inspect/start'
            echo 'start'
        case 'jqc inspect/fill'
            echo 'fill'
        case 'jqc inspect/attach'
            echo 'attach'
        case 'jqc inspect/submit'
            echo 'submit'
        case 'jqc inspect/show'
            echo 'show'
        case 'jqc inspect/list'
            echo 'list'
        case 'jqc inspect/delete'
            echo 'delete'
        case 'jqc issue/flag'
            echo 'flag'
        case 'jqc issue/list'
            echo 'list'
        case 'jqc issue/show'
            echo 'show'
        case 'jqc issue/status'
            echo 'status'
        case 'jqc notifications/poll'
            echo 'poll'
        case 'jqc notifications/watch'
            echo 'watch'
        case 'mcms/dashboard'
            echo 'dashboard'
        case 'mcms/onu'
            echo 'onu'
        case 'mcms/olt'
            echo 'olt'
        case 'mcms onu/list'
            echo 'list'
        case 'mcms onu/show'
            echo 'show'
        case 'mcms onu/config'
            echo 'config'
        case 'mcms onu/alarms'
            echo 'alarms'
        case 'mcms onu/logs'
            echo 'logs'
        case 'mcms onu/cpe'
            echo 'cpe'
        case 'mcms onu/reset'
            echo 'reset'
        case 'mcms onu/firmware'
            echo 'firmware'
        case 'mcms onu/firmware-bulk'
            echo 'firmware-bulk'
        case 'mcms olt/list'
            echo 'list'
        case 'mcms olt/show'
            echo 'show'
        case 'mcms olt/reset'
            echo 'reset'
        case 'interlinedlist/whoami'
            echo 'whoami'
        case 'interlinedlist/feed'
            echo 'feed'
        case 'interlinedlist/post'
            echo 'post'
        case 'interlinedlist/lists'
            echo 'lists'
        case 'interlinedlist/list'
            echo 'list'
        case 'interlinedlist/folders'
            echo 'folders'
        case 'interlinedlist/docs'
            echo 'docs'
        case 'interlinedlist/doc'
            echo 'doc'
        case 'interlinedlist/follow'
            echo 'follow'
        case 'interlinedlist/unfollow'
            echo 'unfollow'
        case 'interlinedlist/orgs'
            echo 'orgs'
        case 'interlinedlist/notifications'
            echo 'notifications'
        case 'interlinedlist list/show'
            echo 'show'
        case 'interlinedlist list/create'
            echo 'create'
        case 'interlinedlist doc/create'
            echo 'create'
        case 'interlinedlist doc/move'
            echo 'move'
        case 'interlinedlist doc/show'
            echo 'show'
    end
end

# How an option takes its value: nothing for a flag, else a kind letter and any choices.
function __fieldops_optkind --argument-names path option
    switch "$path/$option"
        case 'profile add/--backend'
            printf '%s\n' 'c' 'jqc' 'mcms' 'interlinedlist' 'il'
        case 'profile add/--base-url'
            printf '%s\n' 'v'
        case 'profile add/--username'
            printf '%s\n' 'v'
        case 'profile add/--http-version'
            printf '%s\n' 'c' 'auto' '1.1' '2'
        case 'profile add/--ca-file'
            printf '%s\n' 'f'
        case 'profile add/--http-timeout'
            printf '%s\n' 'v'
        case 'profile add/--retries'
            printf '%s\n' 'v'
        case 'profile add/--set'
            printf '%s\n' 'v'
        case 'auth login/--username' 'auth login/-u'
            printf '%s\n' 'v'
        case 'jqc sync/--concurrency'
            printf '%s\n' 'v'
        case 'jqc sync/--wait'
            printf '%s\n' 'v'
        case 'jqc inspect start/--template'
            printf '%s\n' 'y'
        case 'jqc inspect start/--facility'
            printf '%s\n' 'y'
        case 'jqc inspect start/--area'
            printf '%s\n' 'y'
        case 'jqc inspect start/--reinspect'
            printf '%s\n' 'y'
        case 'jqc inspect start/--notes'
            printf '%s\n' 'v'
        case 'jqc inspect fill/--answers'
            printf '%s\n' 'f'
        case 'jqc inspect attach/--field'
            printf '%s\n' 'v'
        case 'jqc inspect list/--status'
            printf '%s\n' 'c' 'draft' 'pending' 'synced' 'failed'
        case 'jqc issue flag/--inspection'
            printf '%s\n' 'y'
        case 'jqc issue flag/--severity'
            printf '%s\n' 'c' 'low' 'medium' 'high' 'critical'
        case 'jqc issue flag/--description'
            printf '%s\n' 'v'
        case 'jqc issue flag/--photo'
            printf '%s\n' 'f'
        case 'jqc issue status/--notes'
            printf '%s\n' 'v'
        case 'jqc history/--limit'
            printf '%s\n' 'v'
        case 'jqc history/--offset'
            printf '%s\n' 'v'
        case 'jqc notifications poll/--exec'
            printf '%s\n' 'v'
        case 'jqc notifications watch/--interval'
            printf '%s\n' 'v'
        case 'jqc notifications watch/--exec'
            printf '%s\n' 'v'
        case 'mcms onu list/--olt'
            printf '%s\n' 'y'
        case 'mcms onu list/--state'
            printf '%s\n' 'c' 'registered' 'unprovisioned' 'deregistered' 'disabled' 'dying-gasp' 'unknown'
        case 'mcms onu logs/--limit'
            printf '%s\n' 'v'
        case 'mcms onu firmware/--file'
            printf '%s\n' 'v'
        case 'mcms onu firmware/--version'
            printf '%s\n' 'v'
        case 'mcms onu firmware-bulk/--file'
            printf '%s\n' 'v'
        case 'mcms onu firmware-bulk/--version'
            printf '%s\n' 'v'
        case 'mcms onu firmware-bulk/--ids'
            printf '%s\n' 'v'
        case 'mcms onu firmware-bulk/--ids-from'
            printf '%s\n' 'f'
        case 'mcms onu firmware-bulk/--olt'
            printf '%s\n' 'y'
        case 'mcms onu firmware-bulk/--concurrency'
            printf '%s\n' 'v'
        case 'mcms onu firmware-bulk/--report'
            printf '%s\n' 'f'
        case 'mcms onu firmware-bulk/--resume'
            printf '%s\n' 'f'
        case 'interlinedlist feed/--limit'
            printf '%s\n' 'v'
        case 'interlinedlist feed/--offset'
            printf '%s\n' 'v'
        case 'interlinedlist feed/--tag'
            printf '%s\n' 'v'
        case 'interlinedlist post/--tag'
            printf '%s\n' 'v'
        case 'interlinedlist list create/--parent'
            printf '%s\n' 'y'
        case 'interlinedlist list create/--description'
            printf '%s\n' 'v'
        case 'interlinedlist docs/--folder'
            printf '%s\n' 'y'
        case 'interlinedlist doc create/--title'
            printf '%s\n' 'v'
        case 'interlinedlist doc create/--folder'
            printf '%s\n' 'y'
        case 'interlinedlist doc create/--file'
            printf '%s\n' 'f'
        case 'interlinedlist doc create/--content'
            printf '%s\n' 'v'
        case 'interlinedlist doc move/--folder'
            printf '%s\n' 'y'
        case 'interlinedlist notifications/--read'
            printf '%s\n' 'v'
        case '*/--profile' '*/-p'
            printf '%s\n' 'y'
        case '*/--config'
            printf '%s\n' 'f'
        case '*/--output' '*/-o'
            printf '%s\n' 'c' 'table' 'json' 'plain'
        case '*/--timeout'
            printf '%s\n' 'v'
    end
end

# How the positional argument at an index is completed (as for options).
function __fieldops_argkind --argument-names path index
    switch "$path/$index"
        case 'profile show/0'
            printf '%s\n' 'y'
        case 'profile add/0'
            printf '%s\n' 'v'
        case 'profile remove/0'
            printf '%s\n' 'y'
        case 'profile use/0'
            printf '%s\n' 'y'
        case 'jqc retry/*'
            printf '%s\n' 'y'
        case 'jqc facilities show/0'
            printf '%s\n' 'y'
        case 'jqc templates show/0'
            printf '%s\n' 'y'
        case 'jqc inspect fill/0'
            printf '%s\n' 'y'
        case 'jqc inspect attach/0'
            printf '%s\n' 'y'
        case 'jqc inspect attach/1'
            printf '%s\n' 'f'
        case 'jqc inspect submit/0'
            printf '%s\n' 'y'
        case 'jqc inspect show/0'
            printf '%s\n' 'y'
        case 'jqc inspect delete/0'
            printf '%s\n' 'y'
        case 'jqc issue show/0'
            printf '%s\n' 'y'
        case 'jqc issue status/0'
            printf '%s\n' 'y'
        case 'jqc issue status/1'
            printf '%s\n' 'c' 'open' 'in_progress' 'resolved'
        case 'mcms onu show/0'
            printf '%s\n' 'y'
        case 'mcms onu config/0'
            printf '%s\n' 'y'
        case 'mcms onu alarms/0'
            printf '%s\n' 'y'
        case 'mcms onu logs/0'
            printf '%s\n' 'y'
        case 'mcms onu cpe/0'
            printf '%s\n' 'y'
        case 'mcms onu reset/0'
            printf '%s\n' 'y'
        case 'mcms onu firmware/0'
            printf '%s\n' 'y'
        case 'mcms olt show/0'
            printf '%s\n' 'y'
        case 'mcms olt reset/0'
            printf '%s\n' 'y'
        case 'interlinedlist post/0'
            printf '%s\n' 'v'
        case 'interlinedlist list show/0'
            printf '%s\n' 'y'
        case 'interlinedlist list create/0'
            printf '%s\n' 'v'
        case 'interlinedlist doc move/0'
            printf '%s\n' 'y'
        case 'interlinedlist doc show/0'
            printf '%s\n' 'y'
        case 'interlinedlist follow/0'
            printf '%s\n' 'v'
        case 'interlinedlist unfollow/0'
            printf '%s\n' 'v'
        case 'completion/0'
            printf '%s\n' 'c' 'bash' 'zsh' 'fish'
    end
end

# Subcommands of a command path, as name<TAB>description.
function __fieldops_cmds --argument-names path
    switch "$path"
        case ''
            printf '%s\t%s\n' 'profile' 'List, show, add, remove and choose profiles.' 'auth' 'Log in and out, and see where credentials are stored.' 'jqc' 'JanitorialQC: facility inspections, offline-first.' 'mcms' 'PON network management: ONUs and OLTs on an MCMS server.' 'interlinedlist' 'InterlinedList: feed, posts, nested lists and folders, documents, people.' 'doctor' 'Check the configuration, keyring, stores, servers and installation in one go.' 'completion' 'Print the shell completion script for bash, zsh or fish.' 'version' 'Print the version of fieldops, its commit and the libraries it runs with.'
        case 'profile'
            printf '%s\t%s\n' 'list' 'List the configured profiles.' 'show' 'Show one profile\'s settings (the selected one by default).' 'add' 'Add a profile in its own file under profiles.d/.' 'remove' 'Remove a profile and its stored credentials (local data is kept).' 'use' 'Make a profile the default.'
        case 'auth'
            printf '%s\t%s\n' 'login' 'Log in to the selected profile\'s service and store the credentials.' 'logout' 'End the session and remove the profile\'s stored credentials.' 'status' 'Show which profiles are logged in and where their credentials are stored.' 'token' 'Print the selected profile\'s access token (for scripts).'
        case 'jqc'
            printf '%s\t%s\n' 'sync' 'Send queued work and refresh reference data, issues and notifications.' 'status' 'Show what waits to be sent, what failed and when the last sync ran.' 'retry' 'Re-queue failed items for the next sync, with a fresh retry count.' 'facilities' 'List the cached facilities (refreshed by `fieldops jqc sync`).' 'templates' 'List the cached inspection templates.' 'cache' 'Manage the cached reference data.' 'inspect' 'Start, fill, attach photos to, submit, show, list and delete inspections.' 'issue' 'Flag issues on inspections, list and show them, change their status.' 'history' 'List completed inspections from the server, newest first (online only).' 'notifications' 'Fetch notifications (issue assignments, follow-up requests) once or continuously.'
        case 'jqc facilities'
            printf '%s\t%s\n' 'show' 'Show one facility and its areas.'
        case 'jqc templates'
            printf '%s\t%s\n' 'show' 'Show a template\'s form fields in grid order (--json: the schema as the server sent it).'
        case 'jqc cache'
            printf '%s\t%s\n' 'clear' 'Delete the cached facilities, areas and templates (never inspections, issues or photos).'
        case 'jqc inspect'
            printf '%s\t%s\n' 'start' 'Start a draft inspection and print its local id.' 'fill' 'Answer a draft\'s fields: interactively on a terminal, or from an answers file.' 'attach' 'Attach a photo (JPEG or PNG, at most 50 MB) to an image or signature field of a draft.' 'submit' 'Complete a draft: check required fields, compute the score, queue it for sync.' 'show' 'Show an inspection as a card: answers, score, status, issues and photos.' 'list' 'List local inspections, newest first, with their status (Draft, Pending Sync, Completed, Sync Failed).' 'delete' 'Delete a draft with its photos and issues (drafts only; asks first).'
        case 'jqc issue'
            printf '%s\t%s\n' 'flag' 'Flag an issue on an inspection (draft or submitted); sent by the next sync after its inspection.' 'list' 'List local issues: flagged on this device and pulled from the server (assigned to or reported by you).' 'show' 'Show one issue with its photos (local copies and server URLs).' 'status' 'Change an issue\'s status on the server (online only).'
        case 'jqc notifications'
            printf '%s\t%s\n' 'poll' 'Fetch new notifications once, print them and mark them read.' 'watch' 'Keep fetching notifications and print each one as it arrives (Ctrl-C stops).'
        case 'mcms'
            printf '%s\t%s\n' 'dashboard' 'ONU and OLT counts, registration breakdown, total traffic and health.' 'onu' 'ONUs: list, detail, reset and firmware.' 'olt' 'OLTs: list, detail and reset.'
        case 'mcms onu'
            printf '%s\t%s\n' 'list' 'Every ONU with its name, OLT, registration, firmware, uptime and RX level.' 'show' 'Overview: status, both firmware banks, optical and FEC, UNI ports, traffic, uptime.' 'config' 'The raw configuration document (pretty JSON; --json prints it compact and exact).' 'alarms' 'The ONU\'s active alarms.' 'logs' 'The ONU\'s log, newest first.' 'cpe' 'DHCP leases of the customer equipment behind the ONU.' 'reset' 'Reboot the ONU (asks you to type its id; --yes off a terminal).' 'firmware' 'Install firmware into the inactive bank and activate it (Procedure 7).' 'firmware-bulk' 'Procedure 7 for many ONUs, concurrently, with a resumable report.'
        case 'mcms olt'
            printf '%s\t%s\n' 'list' 'Every OLT with ONU counts per registration state, traffic, temperature and uptime.' 'show' 'Status, uptime, traffic, environment, uplink and registration buckets with ONU names.' 'reset' 'Reboot the OLT (asks you to type its MAC; --yes off a terminal).'
        case 'interlinedlist'
            printf '%s\t%s\n' 'whoami' 'Show the signed-in user (the stored identity when offline).' 'feed' 'Show the feed, newest first, as cards (--json: the server\'s JSON).' 'post' 'Post a message (TEXT - reads it from stdin).' 'lists' 'Show your lists, flat or as a tree with their folders.' 'list' 'Show or create a list.' 'folders' 'Show your list folders.' 'docs' 'Show the documents (and subfolders) at the root or in a folder.' 'doc' 'Create, move or show a document.' 'follow' 'Follow a user (a private account gets a request).' 'unfollow' 'Stop following a user.' 'orgs' 'Show your organizations and your role in each.' 'notifications' 'Show unread notifications; mark them read.'
        case 'interlinedlist list'
            printf '%s\t%s\n' 'show' 'Show a list\'s properties and rows.' 'create' 'Create a list, optionally under a parent list.'
        case 'interlinedlist doc'
            printf '%s\t%s\n' 'create' 'Create a markdown document at the root or in a folder.' 'move' 'Move a document to a folder, or to the root.' 'show' 'Show a document\'s markdown.'
    end
end

# Options of a command path, then the global ones, as name<TAB>description.
function __fieldops_opts --argument-names path
    switch "$path"
        case 'profile add'
            printf '%s\t%s\n' '--backend' 'The service: jqc, mcms, interlinedlist, il.' '--base-url' 'The service\'s base URL (https://…).' '--username' 'The account to log in as.' '--http-version' 'HTTP version: auto, 1.1 or 2.' '--ca-file' 'Extra CA certificates to trust for this service.' '--http-timeout' 'Time allowed for each request (e.g. 30s).' '--retries' 'Retries of failed idempotent requests (0-10).' '--set' 'A backend-specific profile setting.'
        case 'auth login'
            printf '%s\t%s\n' '--username' 'The account (default: the profile\'s username, else a prompt).' '--password-stdin' 'Read the password from the first line of stdin.' '--with-token' 'Read an access token from stdin instead of logging in with a password.' '--remember-password' 'Also store the password in the keyring so an expired session can log in again (MCMS).'
        case 'jqc sync'
            printf '%s\t%s\n' '--dry-run' 'List what would be sent and pulled; send and change nothing.' '--concurrency' 'Uploads and submissions in flight at once (1-8, default 6).' '--wait' 'How long to wait for another sync of this profile to finish (default 5m).'
        case 'jqc retry'
            printf '%s\t%s\n' '--all-failed' 'Re-queue every failed inspection, issue and photo.'
        case 'jqc inspect start'
            printf '%s\t%s\n' '--template' 'The template to inspect with.' '--facility' 'The facility inspected.' '--area' 'The area inspected (optional).' '--reinspect' 'Re-inspect the inspection ID (local or server id) that requires a follow-up.' '--notes' 'Free-text notes sent with the inspection.'
        case 'jqc inspect fill'
            printf '%s\t%s\n' '--answers' 'Answers file (JSON or YAML), or - for stdin.'
        case 'jqc inspect attach'
            printf '%s\t%s\n' '--field' 'The image or signature field\'s id.'
        case 'jqc inspect submit'
            printf '%s\t%s\n' '--sync' 'Sync right away after submitting.'
        case 'jqc inspect list'
            printf '%s\t%s\n' '--status' 'Only drafts, pending, synced or failed inspections.'
        case 'jqc issue flag'
            printf '%s\t%s\n' '--inspection' 'The inspection the issue was found in.' '--severity' 'How serious it is.' '--description' 'What is wrong.' '--photo' 'A JPEG or PNG photo of it (copied into the store).'
        case 'jqc issue status'
            printf '%s\t%s\n' '--notes' 'Notes on the resolution.'
        case 'jqc history'
            printf '%s\t%s\n' '--limit' 'Inspections per page (1-100, default 30).' '--offset' 'Skip the first N (default 0).' '--all' 'Fetch every page.'
        case 'jqc notifications poll'
            printf '%s\t%s\n' '--exec' 'Run CMD (with /bin/sh) for each notification; FIELDOPS_NOTIFICATION_ID, _TYPE, _TITLE, _BODY, _LINK, _CREATED_AT, _ISSUE_ID, _INSPECTION_ID and _JSON are set.'
        case 'jqc notifications watch'
            printf '%s\t%s\n' '--interval' 'Time between fetches (default 60s, at least 1s).' '--exec' 'Run CMD (with /bin/sh) for each notification; FIELDOPS_NOTIFICATION_ID, _TYPE, _TITLE, _BODY, _LINK, _CREATED_AT, _ISSUE_ID, _INSPECTION_ID and _JSON are set.'
        case 'mcms onu list'
            printf '%s\t%s\n' '--olt' 'Only ONUs of this OLT (MAC or name).' '--state' 'Only ONUs in this registration state.'
        case 'mcms onu logs'
            printf '%s\t%s\n' '--limit' 'At most N entries (default 50).'
        case 'mcms onu firmware'
            printf '%s\t%s\n' '--file' 'The firmware file name as the server lists it.' '--version' 'The version of that file.' '--stage-only' 'Write the inactive bank but keep running the active one.' '--dry-run' 'Print the exact document change and send nothing.'
        case 'mcms onu firmware-bulk'
            printf '%s\t%s\n' '--file' 'The firmware file name as the server lists it.' '--version' 'The version of that file.' '--ids' 'Comma-separated ONU ids.' '--ids-from' 'A file with one ONU id per line (- for stdin).' '--olt' 'Every ONU of this OLT.' '--concurrency' 'ONUs in flight at once (default 8).' '--stage-only' 'Write the inactive banks but do not activate them.' '--dry-run' 'Plan every ONU and print what would happen; send nothing.' '--report' 'Append one JSON line per ONU here.' '--resume' 'Continue the run whose report this is (appends to it).'
        case 'interlinedlist feed'
            printf '%s\t%s\n' '--limit' 'Messages per page (default 20).' '--offset' 'Skip the first N messages.' '--mine' 'Only your own messages.' '--tag' 'Only messages with this tag.' '--all' 'Follow the pages to the end.' '--refresh' 'Ask the server even if the cached copy is fresh (the cache is still shown when offline).' '--no-cache' 'Ask the server and never show cached data: offline is exit 4.'
        case 'interlinedlist post'
            printf '%s\t%s\n' '--tag' 'Add a tag (repeatable).' '--private' 'Visible only to you and your followers.'
        case 'interlinedlist lists'
            printf '%s\t%s\n' '--tree' 'Folders and nested lists as a tree.' '--refresh' 'Ask the server even if the cached copy is fresh (the cache is still shown when offline).' '--no-cache' 'Ask the server and never show cached data: offline is exit 4.'
        case 'interlinedlist list show'
            printf '%s\t%s\n' '--refresh' 'Ask the server even if the cached copy is fresh (the cache is still shown when offline).' '--no-cache' 'Ask the server and never show cached data: offline is exit 4.'
        case 'interlinedlist list create'
            printf '%s\t%s\n' '--parent' 'The parent list.' '--description' 'A description.'
        case 'interlinedlist folders'
            printf '%s\t%s\n' '--refresh' 'Ask the server even if the cached copy is fresh (the cache is still shown when offline).' '--no-cache' 'Ask the server and never show cached data: offline is exit 4.'
        case 'interlinedlist docs'
            printf '%s\t%s\n' '--folder' 'A document folder (default: the root).' '--refresh' 'Ask the server even if the cached copy is fresh (the cache is still shown when offline).' '--no-cache' 'Ask the server and never show cached data: offline is exit 4.'
        case 'interlinedlist doc create'
            printf '%s\t%s\n' '--title' 'The document\'s title.' '--folder' 'The folder to create it in.' '--file' 'Read the content from a file (- for stdin).' '--content' 'The content, inline.'
        case 'interlinedlist doc move'
            printf '%s\t%s\n' '--folder' 'The target folder, or root.'
        case 'interlinedlist notifications'
            printf '%s\t%s\n' '--read' 'Mark a notification read (repeatable).' '--read-all' 'Mark every notification read.'
        case 'doctor'
            printf '%s\t%s\n' '--offline' 'Only local checks: no DNS, connection or request.'
    end
    printf '%s\t%s\n' '--profile' 'Use this profile (default: $FIELDOPS_PROFILE, the only profile of the backend, then default_profile).' '--config' 'Read configuration from PATH instead of $XDG_CONFIG_HOME/fieldops/config.yaml.' '--json' 'Print stable JSON on stdout (same as --output json).' '--output' 'Output format: table (terminal default), json, or plain (tab-separated; default when piped).' '--no-color' 'Never colour output (also: NO_COLOR=1).' '--quiet' 'Print only results and errors.' '--verbose' 'Trace HTTP requests on stderr (secrets redacted).' '--yes' 'Answer yes to confirmations (required off a terminal for destructive actions).' '--timeout' 'Time allowed for each HTTP request (e.g. 30s, 2m), overriding the profile.' '--help' 'Show help for the command.' '--version' 'Print the version and exit.'
end

# Prints the candidates for the token under the cursor; only .dynamic values start a process.
function __fieldops_complete
    set -l before (commandline -opc)
    set -e before[1]
    set -l cur (commandline -ct)
    set -l path ''
    set -l expect ''
    set -l npos 0
    set -l ddash ''
    for w in $before
        if test -n "$expect"
            set expect ''
            continue
        end
        if test -n "$ddash"
            set npos (math $npos + 1)
            continue
        end
        switch $w
            case '--'
                set ddash 1
            case '--*=*'
            case '--*'
                set -l kind (__fieldops_optkind "$path" $w)
                test -n "$kind"; and set expect $w
            case '-?*'
                if string match -qr -- '^-[0-9]' $w
                    set npos (math $npos + 1)
                    continue
                end
                set -l count (string length -- $w)
                for j in (seq 2 $count)
                    set -l letter (string sub -s $j -l 1 -- $w)
                    set -l kind (__fieldops_optkind "$path" "-$letter")
                    if test -n "$kind"
                        test $j -eq $count; and set expect "-$letter"
                        break
                    end
                end
            case '*'
                set -l sub ''
                test $npos -eq 0; and set sub (__fieldops_sub "$path" $w)
                if test -n "$sub"
                    set path (string trim -- "$path $sub")
                else
                    set npos (math $npos + 1)
                end
        end
    end
    set -l head ''
    set -l value $cur
    set -l kind
    if test -n "$expect"
        set kind (__fieldops_optkind "$path" $expect)
    else if test -n "$ddash"
        set kind (__fieldops_argkind "$path" $npos)
    else if string match -q -- '--*=*' $cur
        set -l parts (string split -m 1 '=' -- $cur)
        set head "$parts[1]="
        set value $parts[2]
        set kind (__fieldops_optkind "$path" $parts[1])
    else if string match -q -- '-*' $cur
        __fieldops_opts "$path"
        return 0
    else
        test $npos -eq 0; and __fieldops_cmds "$path"
        set kind (__fieldops_argkind "$path" $npos)
    end
    switch "$kind[1]"
        case c
            for choice in $kind[2..-1]
                printf '%s\n' "$head$choice"
            end
        case f
            for file in (__fish_complete_path $value)
                printf '%s\n' "$head$file"
            end
        case d
            for directory in (__fish_complete_directories $value)
                printf '%s\n' "$head$directory"
            end
        case y
            set -l args $before
            test -n "$head"; and set -a args (string sub -e -1 -- $head)
            for line in (command fieldops __complete $args $value 2>/dev/null)
                printf '%s\n' "$head$line"
            end
    end
end

complete -c fieldops -f -a '(__fieldops_complete)'
