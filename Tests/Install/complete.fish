# Completes a command line in fish and reports what happened (test_install.sh runs this).
#
#   fish complete.fish LINE
#
# fish runs with its own startup (no --no-config: that skips fish's share/config.fish, which is
# what puts $XDG_DATA_DIRS/fish/vendor_completions.d on $fish_complete_path, and leaves the path
# empty), so with HOME and XDG_CONFIG_HOME pointed at a scratch directory it reads no user config
# and finds the command's completion where a package puts it. Nothing of ours is sourced. Prints
#   PROGRAM:<the command's path on PATH>
#   REPLY:<each candidate, TAB, its description>
#   FUNCTION:<the file the completion's first helper function came from>

set -l line $argv[1]
set -l command (string split -f1 ' ' -- $line)
printf 'PROGRAM:%s\n' (command -s $command)
for candidate in (complete -C $line)
    printf 'REPLY:%s\n' $candidate
end
set -l helpers (functions --all | string match "__$command*")
printf 'FUNCTION:%s\n' (functions --details $helpers[1])
