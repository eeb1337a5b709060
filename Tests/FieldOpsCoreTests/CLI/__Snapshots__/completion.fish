# fish completion for fieldops: generated from its command tree by
# `fieldops completion fish`; do not edit.

# Prints the name of a command word (name or alias) under a command path.
function __fieldops_sub --argument-names path word
    switch "$path/$word"
        case '/profile'
            echo 'profile'
        case '/auth'
            echo 'auth'
        case '/jqc'
            echo 'jqc'
        case '/mcms'
            echo 'mcms'
        case '/completion'
            echo 'completion'
        case 'profile/list' 'profile/ls'
            echo 'list'
        case 'profile/show'
            echo 'show'
        case 'profile/add'
            echo 'add'
        case 'profile/use'
            echo 'use'
        case 'auth/login'
            echo 'login'
        case 'auth/logout'
            echo 'logout'
        case 'auth/status'
            echo 'status'
        case 'jqc/sync'
            echo 'sync'
        case 'jqc/status'
            echo 'status'
        case 'jqc/retry'
            echo 'retry'
        case 'jqc/history'
            echo 'history'
        case 'jqc/inspect' 'jqc/i'
            echo 'inspect'
        case 'jqc/export'
            echo 'export'
        case 'jqc inspect/start'
            echo 'start'
        case 'jqc inspect/attach'
            echo 'attach'
        case 'jqc inspect/list'
            echo 'list'
        case 'mcms/onu'
            echo 'onu'
        case 'mcms onu/list'
            echo 'list'
        case 'mcms onu/show'
            echo 'show'
        case 'mcms onu/watch'
            echo 'watch'
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
        case 'auth login/--username'
            printf '%s\n' 'v'
        case 'jqc history/--limit'
            printf '%s\n' 'v'
        case 'jqc history/--tag'
            printf '%s\n' 'v'
        case 'jqc inspect start/--template'
            printf '%s\n' 'y'
        case 'jqc inspect start/--facility'
            printf '%s\n' 'y'
        case 'jqc inspect start/--area'
            printf '%s\n' 'v'
        case 'jqc inspect attach/--field'
            printf '%s\n' 'v'
        case 'jqc inspect list/--status'
            printf '%s\n' 'c' 'draft' 'pending' 'synced' 'failed'
        case 'mcms onu list/--olt'
            printf '%s\n' 'y'
        case 'mcms onu list/--state'
            printf '%s\n' 'c' 'registered' 'unprovisioned' 'deregistered' 'disabled' 'dying-gasp' 'unknown'
        case 'mcms onu watch/--interval'
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
        case 'profile use/0'
            printf '%s\n' 'y'
        case 'jqc retry/*'
            printf '%s\n' 'y'
        case 'jqc inspect attach/0'
            printf '%s\n' 'y'
        case 'jqc inspect attach/1'
            printf '%s\n' 'f'
        case 'jqc export/0'
            printf '%s\n' 'd'
        case 'mcms onu show/0'
            printf '%s\n' 'y'
        case 'mcms onu watch/0'
            printf '%s\n' 'y'
        case 'completion/0'
            printf '%s\n' 'c' 'bash' 'zsh' 'fish'
    end
end

# Subcommands of a command path, as name<TAB>description.
function __fieldops_cmds --argument-names path
    switch "$path"
        case ''
            printf '%s\t%s\n' 'profile' 'List, add and choose profiles.' 'auth' 'Log in and out.' 'jqc' 'JanitorialQC: facility inspections.' 'mcms' 'MCMS: PON ONUs and OLTs.' 'completion' 'Print a shell completion script.'
        case 'profile'
            printf '%s\t%s\n' 'list' 'List the configured profiles.' 'show' 'Show one profile.' 'add' 'Add a profile.' 'use' 'Make a profile the default.'
        case 'auth'
            printf '%s\t%s\n' 'login' 'Log in to the profile\'s service.' 'logout' 'Forget the stored credential.' 'status' 'Show who is logged in.'
        case 'jqc'
            printf '%s\t%s\n' 'sync' 'Upload queued work and refresh reference data.' 'status' 'Show the outbox.' 'retry' 'Retry failed uploads.' 'history' 'Show submitted inspections.' 'inspect' 'Start, fill and submit inspections.' 'export' 'Write inspections to a directory.'
        case 'jqc inspect'
            printf '%s\t%s\n' 'start' 'Start an inspection from a template.' 'attach' 'Attach a photo to a field.' 'list' 'List local inspections.'
        case 'mcms'
            printf '%s\t%s\n' 'onu' 'Optical network units.'
        case 'mcms onu'
            printf '%s\t%s\n' 'list' 'List ONUs.' 'show' 'Show one ONU.' 'watch' 'Poll an ONU\'s state.'
    end
end

# Options of a command path, then the global ones, as name<TAB>description.
function __fieldops_opts --argument-names path
    switch "$path"
        case 'profile add'
            printf '%s\t%s\n' '--backend' 'The service behind the profile.' '--base-url' 'The service\'s base URL.' '--username' 'The login name.'
        case 'auth login'
            printf '%s\t%s\n' '--username' 'The login name.' '--password-stdin' 'Read the password from stdin.'
        case 'jqc sync'
            printf '%s\t%s\n' '--dry-run' 'Show what would be sent without sending it.'
        case 'jqc retry'
            printf '%s\t%s\n' '--all-failed' 'Retry every failed item.'
        case 'jqc history'
            printf '%s\t%s\n' '--limit' 'At most N entries.' '--tag' 'Only entries with this tag.'
        case 'jqc inspect start'
            printf '%s\t%s\n' '--template' 'The inspection template.' '--facility' 'The facility inspected.' '--area' 'The area within the facility.'
        case 'jqc inspect attach'
            printf '%s\t%s\n' '--field' 'The form field.'
        case 'jqc inspect list'
            printf '%s\t%s\n' '--status' 'Only those in this state.'
        case 'mcms onu list'
            printf '%s\t%s\n' '--olt' 'Only ONUs behind this OLT.' '--state' 'Only ONUs in this state.'
        case 'mcms onu watch'
            printf '%s\t%s\n' '--interval' 'Time between polls.'
    end
    printf '%s\t%s\n' '--profile' 'Profile to use (default: FIELDOPS_PROFILE, then default_profile).' '--config' 'Configuration file to read instead of the default.' '--json' 'Print JSON on stdout (same as --output json).' '--output' 'Output format.' '--no-color' 'Do not colour the output.' '--quiet' 'Print only what was asked for.' '--verbose' 'Print HTTP requests and timings to stderr.' '--yes' 'Answer yes to confirmations (needed off a terminal).' '--timeout' 'Give up on a request after this long (30s, 2m).' '--help' 'Show help for the command.' '--version' 'Print the version and exit.'
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
