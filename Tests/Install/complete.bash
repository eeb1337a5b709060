# Completes a command line in bash as an interactive shell with bash-completion would, and
# reports what happened (test_install.sh runs this).
#
#   bash --norc --noprofile complete.bash WORD...      (the last WORD is the one being completed)
#
# It loads the system's bash_completion, as /etc/bash.bashrc does, and lets the loader that
# bash-completion registers for unknown commands (`complete -D`) find the command's completion on
# its search path (XDG_DATA_DIRS): nothing of ours is sourced here. Then it calls the function
# that got registered, with COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set as readline sets
# them after a TAB, and prints
#   PROGRAM:<the command's path on PATH>
#   FUNCTION:<function> <line> <the file it was defined in>
#   REPLY:<each COMPREPLY entry>

source /usr/share/bash-completion/bash_completion || exit 1

words=("$@")
command=${words[0]}
cword=$((${#words[@]} - 1))
echo "PROGRAM:$(type -P "$command")"

# bash calls the default completion with (command, current word, previous word); the loader
# answers 124 ("try again") once it has registered the command's own completion.
[[ $(complete -p -D 2>/dev/null) =~ -F\ ([^ ]+) ]] || { echo "no default (-D) completion loader" >&2; exit 1; }
loader=${BASH_REMATCH[1]}
"$loader" "$command" "${words[cword]}" "${words[cword - 1]}"
[[ $(complete -p "$command" 2>/dev/null) =~ -F\ ([^ ]+) ]] || { echo "$loader registered no function for $command" >&2; exit 1; }
function=${BASH_REMATCH[1]}

shopt -s extdebug
echo "FUNCTION:$(declare -F "$function")"
shopt -u extdebug

COMP_WORDS=("${words[@]}")
COMP_CWORD=$cword
COMP_LINE="${words[*]}"
COMP_POINT=${#COMP_LINE}
COMP_TYPE=9 COMP_KEY=9
COMPREPLY=()
"$function" "$command" "${words[cword]}" "${words[cword - 1]}"
for reply in "${COMPREPLY[@]}"; do
    echo "REPLY:$reply"
done
