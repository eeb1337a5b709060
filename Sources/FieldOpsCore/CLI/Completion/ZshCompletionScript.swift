/// The zsh completion script (`_fieldops` in `$fpath`): the shared tables and walk, presented
/// through `_describe`, `_files` and `_directories`.
struct ZshCompletionScript {
    let table: CompletionTable

    func render() -> String {
        let p = table.functionPrefix
        return """
            #compdef \(table.programName)
            # zsh completion for \(table.programName): generated from its command tree by
            # `\(table.programName) completion zsh`; do not edit.

            \(SharedShellFunctions(table: table).render())

            \(p)() {
              emulate -L zsh
              local cur=${words[CURRENT]}
              local -a before
              before=("${(@)words[2,CURRENT-1]}")
              \(p)_walk "${before[@]}"
              \(p)_candidates "$cur" "${before[@]}"
              # --opt=value: complete only the value; zsh keeps the --opt= part.
              [[ -n $\(p)_head ]] && compset -P "${(q)\(p)_head}"
              if [[ $\(p)_files == d ]]; then
                _directories
                return
              elif [[ $\(p)_files == f ]]; then
                _files
                return
              fi
              (( ${#\(p)_vals} )) || return 1
              # compadd with display strings rather than _describe: values may hold colons (MACs),
              # and the columns are aligned here.
              local -a values display
              local i value width=0
              for (( i = 1; i <= ${#\(p)_vals}; i++ )); do
                value=${\(p)_vals[i]#"$\(p)_head"}
                values+=("$value")
                (( ${#value} > width )) && width=${#value}
              done
              for (( i = 1; i <= ${#values}; i++ )); do
                if [[ -n ${\(p)_descs[i]} ]]; then
                  display+=("${(r:width:)values[i]}  -- ${\(p)_descs[i]}")
                else
                  display+=("${values[i]}")
                fi
              done
              compadd -l -d display -- "${values[@]}"
            }

            # Autoloaded from $fpath the file body runs inside \(p) itself; sourced, it registers.
            if [[ $funcstack[1] == \(p) ]]; then
              \(p) "$@"
            else
              compdef \(p) \(table.programName)
            fi

            """
    }
}
