/// The bash completion script: the shared tables and walk, plus bash's word handling.
struct BashCompletionScript {
    let table: CompletionTable

    func render() -> String {
        let p = table.functionPrefix
        return """
            # bash completion for \(table.programName): generated from its command tree by
            # `\(table.programName) completion bash`; do not edit.

            \(SharedShellFunctions(table: table).render())

            # Bash splits words at = and : (COMP_WORDBREAKS), so --state=dying-gasp and MAC addresses
            # arrive in pieces: glue them back, complete whole words, then hand readline only the part
            # after the last break, which is all it replaces. A word begun with a quote is matched
            # without it; readline inserts inside the quote and closes it.
            \(p)() {
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
              if [[ $raw == [\\\"\\']* ]]; then quoted=1 raw=${raw:1} cur=$raw; else \(p)_unescape "$raw"; cur=$REPLY; fi
              local -a before=("${words[@]:0:${#words[@]}-1}")
              \(p)_walk "${before[@]}"
              \(p)_candidates "$cur" "${before[@]}"
              local typed=${COMP_WORDS[COMP_CWORD]}
              [[ $typed == = || $typed == : ]] && typed=
              [[ -n $quoted ]] && typed=${typed:1}
              local strip=$(( ${#raw} - ${#typed} ))
              COMPREPLY=()
              if [[ -n $\(p)_files ]]; then
                compopt -o filenames 2>/dev/null
                local flag=-f
                [[ $\(p)_files == d ]] && flag=-d
                while IFS= read -r w; do
                  w=$\(p)_head$w
                  COMPREPLY+=("${w:$strip}")
                done < <(compgen $flag -- "$\(p)_value")
                return 0
              fi
              \(p)_reply "$cur" "$strip" "$quoted"
              return 0
            }

            # REPLY is the word as the shell will read it: backslash escapes (North\\ depot) undone.
            \(p)_unescape() {
              local s=$1 c
              REPLY=
              while [[ -n $s ]]; do
                c=${s:0:1} s=${s:1}
                if [[ $c == \\\\ && -n $s ]]; then c=${s:0:1} s=${s:1}; fi
                REPLY+=$c
              done
            }

            # Fills COMPREPLY from _fieldops_vals: one match goes in whole, escaped (a name with spaces
            # stays one word); several that share more than was typed insert that much; otherwise they
            # are listed with their descriptions ("site-a  (Main Street)"), as zsh and fish show them.
            \(p)_reply() {
              local cur=$1 strip=$2 quoted=$3 w d i width=0 described=
              local -a vals=("${\(p)_vals[@]}") descs=("${\(p)_descs[@]}")
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

            complete -F \(p) \(table.programName)

            """
    }
}
