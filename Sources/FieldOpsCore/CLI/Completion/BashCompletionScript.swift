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
        # after the last break, which is all it replaces.
        \(p)() {
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
          \(p)_walk "${before[@]}"
          \(p)_candidates "$cur" "${before[@]}"
          local typed=${COMP_WORDS[COMP_CWORD]}
          [[ $typed == = || $typed == : ]] && typed=
          local strip=$(( ${#cur} - ${#typed} ))
          COMPREPLY=()
          if [[ -n $\(p)_files ]]; then
            compopt -o filenames 2>/dev/null
            local flag=-f
            [[ $\(p)_files == d ]] && flag=-d
            while IFS= read -r w; do
              w=$\(p)_head$w
              COMPREPLY+=("${w:$strip}")
            done < <(compgen $flag -- "$\(p)_value")
          else
            for w in "${\(p)_vals[@]}"; do COMPREPLY+=("${w:$strip}"); done
          fi
          return 0
        }

        complete -F \(p) \(table.programName)

        """
    }
}
