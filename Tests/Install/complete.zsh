# Types LINE and a TAB into an interactive zsh and reports what completion did, the way a person
# at a terminal would see it (test_install.sh runs this).
#
#   zsh -f complete.zsh LINE DIR...
#
# The interactive shell runs in a pseudo-terminal (zsh/zpty) with `zsh -f` (no rc files), puts
# each DIR in front of $fpath and runs compinit, so the completion function must be autoloaded
# from one of them: nothing is sourced. After the TAB, a key bound to a widget prints
#   BUFFER:<the edited line>
#   FUNCTION:<what `whence -v` says about _fieldops, which names the file it was loaded from>
#   PROGRAM:<the fieldops on PATH>
# and exits. Those lines are this script's output.

zmodload zsh/zpty || exit 1
local line=$1
shift
local -a dirs=("$@")

# The widget prints its markers by parts, so the terminal's echo of the setup never matches.
local -a setup=(
    'PS1= RPS1= PROMPT_EOL_MARK='
    "fpath=(${(j: :)${(@q)dirs}} \$fpath)"
    'autoload -Uz compinit && compinit -u -D'
    "bindkey '^I' complete-word"
    '__report() { zle -I; print -r -- "BUF""FER:$BUFFER"; print -r -- "FUNC""TION:$(whence -v _fieldops)"; print -r -- "PRO""GRAM:$(whence -p fieldops)"; print -r -- "DO""NE"; exit }'
    'zle -N __report'
    "bindkey '^B' __report"
)

zpty session zsh -f -i || exit 1
local command
for command in $setup; do
    zpty -w session "$command"
done
# No newline: the line stays in the editor, TAB completes it, ^B reports.
zpty -n -w session "$line"$'\t\x02'

local out
zpty -r session out '*DONE*' || { print -u2 "complete.zsh: no report from the shell"; exit 1 }
zpty -d session

local text
for text in ${(f)out//$'\r'/}; do
    if [[ $text == (BUFFER|FUNCTION|PROGRAM):* ]]; then print -r -- "$text"; fi
done
